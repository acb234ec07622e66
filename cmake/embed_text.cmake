# Turn a text file into a C string constant, so that a file of the source tree (conf/cpu.ini) is
# also the program's built-in default without a second copy that could drift.
# usage: cmake -DIN=FILE -DOUT=FILE.c -DSYMBOL=NAME -P embed_text.cmake
file(READ "${IN}" _hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n    " _bytes "${_bytes}")
file(WRITE "${OUT}"
     "/* Generated from ${IN} by cmake/embed_text.cmake at build time: do not edit. */\n"
     "const unsigned char ${SYMBOL}[] = {\n    ${_bytes}0x00\n};\n")
