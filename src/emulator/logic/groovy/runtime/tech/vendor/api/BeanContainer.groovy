package tech.vendor.api

/**
 * The plugin library's BeanContainer. The beans of the emulator are JavaScript objects of the reference host and
 * the platform's Spring beans are not there, so no bean can be handed to a JVM script: each lookup says so.
 */
class BeanContainer {
    static Object getBean(Object type) {
        throw new IllegalStateException("BeanContainer.getBean(${type}): the emulator's Groovy logic reaches the platform through the library's facades and the domain classes only; the platform's beans are not in the emulator".toString())
    }

    static List getBeansOfType(Object type) { [] }
}
