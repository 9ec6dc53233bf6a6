import DIKataCore
import Testing

@testable import Grading

/// The safety check reads every new object's `llvm-objdump -h -t` listing before the checks may
/// run; the listing is read as bytes (``ObjdumpListing``). What it finds decides what the symbol
/// policy sees, so every field must come out as the listing has it.
@Suite("llvm-objdump listings")
struct ObjdumpListingTests {
    static let listing = """

        /tmp/build/targets/Login/Login.o:\tfile format elf64-x86-64

        Sections:
        Idx Name                 Size     VMA              Type
          0                      00000000 0000000000000000 
          1 .strtab              00002086 0000000000000000 
          2 .text                00001a06 0000000000000000 TEXT
         12 .init_array          00000008 0000000000000000 DATA

        SYMBOL TABLE:
        0000000000000000 l    df *ABS*\t0000000000000000 Login.swift
        0000000000000000 l    d  .text\t0000000000000000 .text
        0000000000000000 g     F .text\t0000000000000022 $s5Login1fyyF
        0000000000000030 g     F .text\t0000000000000010 .hidden __swift_memcpy32_8
        0000000000000040 w     F .text\t0000000000000010 .protected $s5Login1gyyF
        0000000000000050 l     F .text\t0000000000000010 $s5Login1hyyF
        0000000000000060 g     O .data\t0000000000000008 .internal secret
        0000000000000000         *UND*\t0000000000000000 $s10Foundation11FileManagerC7defaultACvgZ
        0000000000000000         *UND*\t0000000000000000 exit

        /tmp/a file format b/Other.o:     file format elf64-x86-64

        SYMBOL TABLE:
        0000000000000000         *UND*\t0000000000000000 getenv
        """

    @Test func readsEachObjectsSectionsAndSymbols() throws {
        let objects = SymbolReader.parse(Self.listing)
        #expect(objects.keys.sorted() == ["/tmp/a file format b/Other.o", "/tmp/build/targets/Login/Login.o"])
        let login = try #require(objects["/tmp/build/targets/Login/Login.o"])
        #expect(login.sections == ["00000000", ".strtab", ".text", ".init_array"])
        #expect(
            login.symbols == [
                ObjectSymbol(name: "$s5Login1fyyF", isDefined: true, isExported: true, section: ".text"),
                ObjectSymbol(name: "__swift_memcpy32_8", isDefined: true, isExported: false, section: ".text"),
                ObjectSymbol(name: "$s5Login1gyyF", isDefined: true, isExported: true, section: ".text"),
                ObjectSymbol(name: "$s5Login1hyyF", isDefined: true, isExported: false, section: ".text"),
                ObjectSymbol(name: "secret", isDefined: true, isExported: false, section: ".data"),
                ObjectSymbol(name: "$s10Foundation11FileManagerC7defaultACvgZ", isDefined: false),
                ObjectSymbol(name: "exit", isDefined: false),
            ])
        #expect(objects["/tmp/a file format b/Other.o"]?.symbols == [ObjectSymbol(name: "getenv", isDefined: false)])
    }

    @Test func linesBeforeAnyObjectAndCutOffLinesAreNotSymbols() {
        let listing = """
            0000000000000000         *UND*\t0000000000000000 before
            /x/A.o:\tfile format elf64-x86-64
            SYMBOL TABLE:
            0000000000000000 g     F .text
            short\t1 name
            0000000000000000 g     F .text\t0000000000000022 $s1A1fyyF
            0000000000000000 g     F .text\t0000000000000022 
            """
        #expect(
            SymbolReader.parse(listing)
                == [
                    "/x/A.o": ObjectContents(
                        symbols: [ObjectSymbol(name: "$s1A1fyyF", isDefined: true, isExported: true, section: ".text")],
                        sections: [])
                ])
        #expect(SymbolReader.parse("").isEmpty)
    }
}
