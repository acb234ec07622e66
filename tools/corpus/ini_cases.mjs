// Hostile prover.ini files (README.md "prover.ini reference"), each used by `g16k prove` on a good
// zkey and witness: exit 3 with one error line "FILE:LINE: ...", or exit 5 for a file that cannot
// be read; the control (the valid file) proves.

export const GOOD_INI = `[core]
verify = always
threads = 0
[plugin.cpu]
path = libg16k_cpu.so
[synthesizer]
provider = cpu
[ntt]
provider = cpu
[msm.g1]
provider = cpu
[msm.g2]
provider = cpu
[window]
a = auto
`;

// Replace the line starting with `from` (first match) by `to` ('' deletes it).
const sub = (from, to) => {
  const lines = GOOD_INI.split('\n');
  const i = lines.findIndex((l) => l.startsWith(from));
  lines[i] = to;
  return lines.join('\n');
};
const add = (after, line) => GOOD_INI.replace(after + '\n', after + '\n' + line + '\n');
const LINE = ':[0-9]+: ';

export function iniCases(c, zkey, wtns) {
  const run = (name, text, exit = 3, place = LINE) =>
    c.prove(`ini/${name}`, { ini: c.file('ini', `${name}.ini`, text), zkey, wtns }, exit,
            exit === 0 ? '' : 'ini', place);

  run('ok', GOOD_INI, 0);
  run('unknown_section', add('[core]', '[cores]'));
  run('unknown_core_key', add('[core]', 'verfy = always'));
  run('repeated_key', add('threads = 0', 'threads = 1'));
  run('repeated_section_key', GOOD_INI + '[core]\nverify = never\n');
  for (const [name, v] of [['word', 'lots'], ['minus', '-1'], ['huge', '99999999999999999999'],
                           ['float', '1.5'], ['empty', '']])
    run(`threads_${name}`, sub('threads', `threads = ${v}`));
  run('verify_sometimes', sub('verify', 'verify = sometimes'));
  for (const [name, v] of [['0', '0'], ['32', '32'], ['big', 'big'], ['minus', '-3']])
    run(`window_${name}`, sub('a = auto', `a = ${v}`));
  run('unknown_window', add('[window]', 'z = auto'));
  run('no_equals', add('[core]', 'garbage'));
  run('unterminated_header', add('[ntt]', '[msm.g1'));
  run('empty_header', add('[ntt]', '[]'));
  run('provider_unknown', sub('provider = cpu', 'provider = gpu'));
  run('provider_empty', sub('provider = cpu', 'provider ='));
  run('fallback_itself', add('[msm.g2]', 'fallback = cpu'));
  run('fallback_unknown', add('[msm.g2]', 'fallback = cuda'));
  run('slot_unknown_key', add('[msm.g2]', 'provder = cpu'));
  run('plugin_not_found', sub('path = ', 'path = libg16k_nothing.so'));
  run('plugin_not_a_plugin', sub('path = ', `path = ${zkey}`));
  run('plugin_no_entry', sub('path = ', 'path = /lib/x86_64-linux-gnu/libm.so.6'));
  run('plugin_path_missing', sub('path = ', ''));
  run('plugin_unknown_key', add('path = libg16k_cpu.so', 'bogus = 1'));
  run('plugin_bad_threads', add('path = libg16k_cpu.so', 'threads = many'));
  run('plugin_name_bad', GOOD_INI.replace('[plugin.cpu]', '[plugin.]'));
  run('long_line', add('[core]', 'x'.repeat(100000) + ' = 1'));
  run('binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0xff, 10, 0x5b, 0, 0x5d, 10]));
  run('nul_in_value', add('[core]', 'threads = 1\0'));
  // No provider for a slot: the file is well-formed but incomplete.
  run('slot_missing', GOOD_INI.replace('[msm.g2]\nprovider = cpu\n', ''), 3, '');
  run('empty', '', 3, '');
  // Not readable at all: I/O error.
  c.prove('ini/nonexistent', { ini: c.path('ini', 'nonexistent.ini'), zkey, wtns }, 5, 'ini', '');
  c.prove('ini/directory', { ini: c.dir('ini', 'dir.ini'), zkey, wtns }, 5, 'ini', '');
}
