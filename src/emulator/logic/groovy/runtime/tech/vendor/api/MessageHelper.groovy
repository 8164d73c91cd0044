package tech.vendor.api

import tech.vendor.emulator.Channel

/** The plugin library's MessageHelper: pushes a notification to a user through the host. */
class MessageHelper {
    static void pushNotification(Object notification) {
        Map fields = notification instanceof Map ? (Map) notification
            : ['title', 'content', 'severity', 'toUserName', 'link'].collectEntries { [it, notification.hasProperty(it) ? notification[it] : null] }
        Channel.request('message', 'push', [notification: fields.findAll { k, v -> v != null }.collectEntries { k, v -> [k, v.toString()] }])
    }
}
