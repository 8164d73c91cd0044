// The emulator's Groovy engine, JVM side: `groovy -cp <this folder> logic-server.groovy`. It reads the
// protocol of docs/emulator.md ("Groovy logic") from stdin, one JSON object a line, and answers on stdout.
// Everything it needs is under tech/, grails/ (compiled from source by Groovy on first use).
tech.vendor.emulator.LogicServer.serve()
