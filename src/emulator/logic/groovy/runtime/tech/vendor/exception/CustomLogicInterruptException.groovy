package tech.vendor.exception

/** Thrown by a logic to refuse: the call fails with this message (a BEFORE hook's write is not made). */
class CustomLogicInterruptException extends RuntimeException {
    CustomLogicInterruptException(String message) { super(message) }

    CustomLogicInterruptException(String message, Throwable cause) { super(message, cause) }
}
