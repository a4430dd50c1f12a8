/**
 * Texts every screen shares: buttons, success and error messages, confirmations, 404, the empty
 * value and the product title. Keys Refine uses itself (buttons.*, notifications.*,
 * pages.error.*) are named as Refine names them, so its buttons and notifications speak ours.
 */
const zh = {
  'app.title': '员工基础管理系统',

  'buttons.query': '查询',
  'buttons.reset': '重置',
  'buttons.add': '新增',
  'buttons.create': '新增',
  'buttons.edit': '编辑',
  'buttons.delete': '删除',
  'buttons.save': '保存',
  'buttons.cancel': '取消',
  'buttons.close': '关闭',
  /** Refine's DeleteButton uses this as its pop-confirm title: pass `confirmTitle` there. */
  'buttons.confirm': '确定',
  'buttons.logout': '退出登录',
  'buttons.show': '查看',
  'buttons.list': '列表',
  'buttons.refresh': '刷新',
  'buttons.filter': '筛选',
  'buttons.clear': '清除',
  'buttons.clone': '复制',
  'buttons.import': '导入',
  'buttons.export': '导出',
  'buttons.undo': '撤销',
  'buttons.notAccessTitle': '您没有权限进行此操作',

  'notifications.success': '操作成功',
  'notifications.error': '操作失败',
  'notifications.createSuccess': '提交成功',
  'notifications.editSuccess': '提交成功',
  'notifications.deleteSuccess': '删除成功',
  'notifications.createError': '提交失败',
  'notifications.editError': '提交失败',
  'notifications.deleteError': '删除失败',
  'notifications.undoable': '{seconds} 秒内可撤销',

  'messages.submitted': '提交成功',
  'messages.operationSuccessful': '操作成功',
  'messages.deleted': '删除成功',
  'messages.removed': '移除成功',
  'messages.added': '添加成功',
  'messages.authorised': '授权成功',

  'confirm.delete.title': '确认删除',
  'confirm.delete.content': '您确认删除吗？',
  'confirm.delete.named': '您确认删除“{name}”吗？',
  'confirm.delete.namedKind': '删除{kind}“{name}”？',
  'confirm.delete.counting': '正在统计删除将影响的数据…',
  'confirm.delete.withDetails': '您确认删除“{name}”及其全部{details}吗？',

  'dialog.discard.title': '放弃修改？',
  'dialog.discard.content': '已填写的内容尚未保存，关闭后将丢失。',
  'dialog.discard.ok': '放弃',
  'dialog.discard.keep': '继续编辑',

  'dialog.conflict.title': '保存前已有他人修改了这条记录',
  'dialog.conflict.field': '字段',
  'dialog.conflict.theirs': '对方的值',
  'dialog.conflict.mine': '您的值',
  'dialog.conflict.outsideForm': '对方的修改不涉及本表单的字段（如开关或排序），保存您的内容会保留它们。',
  'dialog.conflict.keepMine': '保留我的',
  'dialog.conflict.takeTheirs': '采用对方的',

  'pages.error.404': '站长说你不能进入这个页面...',
  'pages.error.backHome': '返回首页',

  'common.empty': '--',

  'session.verificationFailed': '验证失败，请重新登录。',
  'http.network': '无法连接服务器，请检查网络后重试。',
  'http.timeout': '服务器响应超时，请稍后重试。',
  'http.badResponse': '服务器返回了无法识别的内容。',
};

const en: Record<keyof typeof zh, string> = {
  'app.title': 'Staff Admin',

  'buttons.query': 'Query',
  'buttons.reset': 'Reset',
  'buttons.add': 'Add',
  'buttons.create': 'Add',
  'buttons.edit': 'Edit',
  'buttons.delete': 'Delete',
  'buttons.save': 'Save',
  'buttons.cancel': 'Cancel',
  'buttons.close': 'Close',
  'buttons.confirm': 'Confirm',
  'buttons.logout': 'Log out',
  'buttons.show': 'View',
  'buttons.list': 'List',
  'buttons.refresh': 'Refresh',
  'buttons.filter': 'Filter',
  'buttons.clear': 'Clear',
  'buttons.clone': 'Copy',
  'buttons.import': 'Import',
  'buttons.export': 'Export',
  'buttons.undo': 'Undo',
  'buttons.notAccessTitle': 'You do not have permission for this',

  'notifications.success': 'operation successful',
  'notifications.error': 'Operation failed',
  'notifications.createSuccess': 'submitted successfully',
  'notifications.editSuccess': 'submitted successfully',
  'notifications.deleteSuccess': 'deleted successfully',
  'notifications.createError': 'Submission failed',
  'notifications.editError': 'Submission failed',
  'notifications.deleteError': 'Deletion failed',
  'notifications.undoable': 'You have {seconds} seconds to undo',

  'messages.submitted': 'submitted successfully',
  'messages.operationSuccessful': 'operation successful',
  'messages.deleted': 'deleted successfully',
  'messages.removed': 'removed successfully',
  'messages.added': 'added successfully',
  'messages.authorised': 'authorisation successful',

  'confirm.delete.title': 'Confirm deletion',
  'confirm.delete.content': 'Are you sure to delete?',
  'confirm.delete.named': 'Are you sure to delete “{name}”?',
  'confirm.delete.namedKind': 'Delete {kind} “{name}”?',
  'confirm.delete.counting': 'Counting what the delete takes with it…',
  'confirm.delete.withDetails': 'Are you sure to delete “{name}” and all its {details}?',

  'dialog.discard.title': 'Discard changes?',
  'dialog.discard.content': 'What you typed has not been saved and will be lost.',
  'dialog.discard.ok': 'Discard',
  'dialog.discard.keep': 'Keep editing',

  'dialog.conflict.title': 'Someone else changed this record before you saved',
  'dialog.conflict.field': 'Field',
  'dialog.conflict.theirs': 'Their value',
  'dialog.conflict.mine': 'Your value',
  'dialog.conflict.outsideForm': 'Their change touched none of this form’s fields (a switch or the order); saving yours keeps it.',
  'dialog.conflict.keepMine': 'Keep mine',
  'dialog.conflict.takeTheirs': 'Take theirs',

  'pages.error.404': 'The webmaster said that you can not enter this page...',
  'pages.error.backHome': 'Back to home',

  'common.empty': '--',

  'session.verificationFailed': 'Verification failed, please Login again.',
  'http.network': 'The server cannot be reached. Please check the network and try again.',
  'http.timeout': 'The server did not answer in time. Please try again.',
  'http.badResponse': 'The server sent an answer the console cannot read.',
};

export default { 'zh-CN': zh, 'en-US': en };
