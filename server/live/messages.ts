/** Messages of live lists. */
import { text } from '../../contract';

export const liveMessages = {
  serverFull: text('实时连接已满，请稍后再试', 'Too many live connections on this server, please try again later'),
};
