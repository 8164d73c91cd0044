package tech.vendor.emulator

import grails.validation.ValidationException

/** The exceptions a facade call throws in the script when the emulator refuses it, by the name it sends. */
class Errors {
    static RuntimeException fromEmulator(Map error) {
        String type = String.valueOf(error.type)
        String message = String.valueOf(error.message)
        switch (type) {
            case 'ValidationException': return new ValidationException(message, (List) (error.errors ?: []))
            case 'IllegalArgumentException': return new IllegalArgumentException(message)
            case 'IllegalStateException': return new IllegalStateException(message)
            case 'UnsupportedOperationException': return new UnsupportedOperationException(message)
            default: return new RuntimeException("${type}: ${message}".toString())
        }
    }
}
