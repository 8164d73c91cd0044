package tech.vendor.exception

/** Thrown by a logic to succeed with a warning: the call succeeds, and its answer carries this message. */
class CustomLogicWarningException extends RuntimeException {
    CustomLogicWarningException(String message) { super(message) }

    CustomLogicWarningException(String message, Throwable cause) { super(message, cause) }
}
