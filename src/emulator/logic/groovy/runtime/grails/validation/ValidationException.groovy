package grails.validation

/** A write the platform's validation refused: nothing was written. `errors` lists the problems. */
class ValidationException extends RuntimeException {
    final List errors

    ValidationException(String message, List errors = []) {
        super(message)
        this.errors = errors
    }
}
