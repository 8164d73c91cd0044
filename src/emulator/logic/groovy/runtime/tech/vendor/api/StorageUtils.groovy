package tech.vendor.api

import tech.vendor.emulator.Channel

/** The plugin library's StorageUtils: stores a file through the host and gives its StorageFieldValue. */
class StorageUtils {
    static Object createStorageFileDomain(String fileName, String mimeType, Object content) {
        byte[] bytes = content instanceof InputStream ? ((InputStream) content).bytes
            : content instanceof byte[] ? (byte[]) content : content.toString().getBytes('UTF-8')
        Channel.request('storage', 'create', [fileName: fileName, mimeType: mimeType, base64: bytes.encodeBase64().toString()])
    }
}
