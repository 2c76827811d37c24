// Blocking TCP sockets to a server on 127.0.0.1: what the bench's HTTP client and the server
// tests' raw connections (for requests no client library sends) open and read.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum Loopback {
    /// A blocking TCP socket connected to 127.0.0.1 on `port`; nil when `socket` or `connect`
    /// fails. The caller closes it.
    package static func connect(port: Int) -> Int32? {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddr in
                #if canImport(Darwin)
                Darwin.connect(fd, sockaddr, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Glibc.connect(fd, sockaddr, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Every byte `fd` gives until the peer closes the connection (or a receive timeout set on
    /// the socket passes).
    package static func readToEnd(_ fd: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }
}
