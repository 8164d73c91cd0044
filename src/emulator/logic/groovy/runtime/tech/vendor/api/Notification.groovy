package tech.vendor.api

/** A notification for MessageHelper.pushNotification: `new Notification(title: ..., content: ..., toUserName: ...)`. */
class Notification {
    String title
    String content
    String severity = 'INFO'
    String toUserName
    String link
}
