/*
 * The "one exported symbol" rule, read from the ELF file itself: every defined, non-local symbol
 * of the dynamic symbol table (.dynsym, what dlsym can see) must be g16k_plugin_entry, and that
 * one must be a function. Section headers are used to find .dynsym and its string table; a
 * stripped-of-sections file is reported, not guessed at. Version-definition symbols (SHN_ABS,
 * emitted when a version script names a node) are not code and are ignored.
 */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static void scan(const uint8_t *img, size_t size)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
    if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
        eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB) {
        report_fail("exports", "not a 64-bit little-endian ELF file");
        return;
    }
    if (eh->e_shoff == 0 || eh->e_shentsize != sizeof(Elf64_Shdr) ||
        eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) > size) {
        report_fail("exports", "no readable section headers");
        return;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);
    const Elf64_Shdr *dynsym = NULL;
    for (unsigned i = 0; i < eh->e_shnum; i++)
        if (sh[i].sh_type == SHT_DYNSYM)
            dynsym = &sh[i];
    if (!dynsym || dynsym->sh_link >= eh->e_shnum || dynsym->sh_entsize != sizeof(Elf64_Sym) ||
        dynsym->sh_offset + dynsym->sh_size > size) {
        report_fail("exports", "no dynamic symbol table");
        return;
    }
    const Elf64_Shdr *strtab = &sh[dynsym->sh_link];
    if (strtab->sh_offset + strtab->sh_size > size) {
        report_fail("exports", "dynamic string table out of the file");
        return;
    }
    const Elf64_Sym *sym = (const Elf64_Sym *)(img + dynsym->sh_offset);
    const char *names = (const char *)(img + strtab->sh_offset);
    size_t n = dynsym->sh_size / sizeof(Elf64_Sym);
    int entry_ok = 0;
    char extra[512] = "";
    unsigned n_extra = 0;
    for (size_t i = 1; i < n; i++) { /* symbol 0 is the null symbol */
        const Elf64_Sym *s = &sym[i];
        if (s->st_shndx == SHN_UNDEF || s->st_shndx == SHN_ABS ||
            ELF64_ST_BIND(s->st_info) == STB_LOCAL ||
            ELF64_ST_VISIBILITY(s->st_other) == STV_HIDDEN ||
            ELF64_ST_VISIBILITY(s->st_other) == STV_INTERNAL)
            continue;
        const char *name = s->st_name < strtab->sh_size ? names + s->st_name : "?";
        if (strcmp(name, G16K_PLUGIN_ENTRY_SYMBOL) == 0 && ELF64_ST_TYPE(s->st_info) == STT_FUNC) {
            entry_ok = 1;
            continue;
        }
        if (n_extra++ < 8) {
            size_t used = strlen(extra);
            snprintf(extra + used, sizeof extra - used, "%s%s", used ? ", " : "", name);
        }
    }
    if (entry_ok)
        report_pass("exports.entry");
    else
        report_fail("exports.entry", "%s is not a defined function in .dynsym",
                    G16K_PLUGIN_ENTRY_SYMBOL);
    if (n_extra == 0)
        report_pass("exports.only_entry");
    else
        report_fail("exports.only_entry",
                    "%u other exported symbol(s): %s%s (build with hidden "
                    "visibility and the version script)",
                    n_extra, extra, n_extra > 8 ? ", ..." : "");
}

void check_exports(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size <= 0) {
        report_fail("exports", "cannot read %s", path);
        if (fd >= 0)
            close(fd);
        return;
    }
    void *img = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (img == MAP_FAILED) {
        report_fail("exports", "cannot map %s", path);
        return;
    }
    scan(img, (size_t)st.st_size);
    munmap(img, (size_t)st.st_size);
}
