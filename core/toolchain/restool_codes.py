"""restool's documented error codes (the resource compiler DevEco's CompileResource task runs:
the "restool工具错误码" section of https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/restool),
1120xxxx-1121xxxx: its libraries and JSON files (11201xxx, 11203xxx), files it reads and writes
(11204xxx), its command line (11210xxx), the module and id_defined.json it compiles (112110xx),
the resources themselves (112111xx) and the HAP its dump command reads (11212xxx). Data only:
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every code here it does not word itself.

The layout is :func:`hmdesk.core.toolchain.hvigor_codes.read_codes`'s: ``CODE KIND | meaning |
message`` and, indented, the page's steps in short as the fix (``{message}``: the line restool
printed). The message is a regex of restool's English message (its 'xxx' as ``[^'\\n]*``), so the
code's meaning also applies to a log that prints the message without the code; a code whose
message is only generic words ("Failed to open the file 'xxx'.", "Unknown option 'xxx'.") has none.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_codes import HvigorCode, read_codes

_RESTOOL = r"""
# restool's libraries and JSON files (11201xxx, 11203xxx)
11201001 hvigor-env | restool could not load a library it needs | Failed to load the library '
    restool could not load a library (the .dll/.so/.dylib named): check the path exists and is readable, install a missing third-party library, and on Windows put the SDK's previewer/common/bin folder and the library's folder first in the Path environment variable. A .dylib named on a host that is not a Mac: hvigor took the host for macOS (it picks the library by os.type(), and a host it does not know, such as a HarmonyOS PC, falls to the macOS branch): make os.type() return 'Linux' for node (a NODE_OPTIONS=--require preload shim) or build on a supported host. {message}
11203001 permission | restool could not open a JSON file | Failed to open the JSON file '
    The JSON file named does not exist at that path or cannot be read: check the path and its access rights. {message}
11203002 config | a resource JSON file is not valid JSON | Failed to parse the JSON file: incorrect format
    The JSON file named (often resources/base/element/string.json or a profile/*.json) is not valid JSON: remove trailing or extra commas, close every bracket and keep the root bracket {} around the whole file. {message}
11203003 config | a JSON node has the wrong type | The value type of node '[^'\n]*' does not match
    A node of the resource JSON file has another type than restool expects (e.g. a number where a string belongs): give the node named the expected type. {message}
11203004 config | a JSON node restool needs is missing | The required node '[^'\n]*' is missing
    Add the missing node (e.g. name or value of each resource entry) to the resource JSON file. {message}
11203005 config | a JSON object or array is empty | (?:The array or object node '[^'\n]*' cannot be empty|Required attribute '[^'\n]*' must be a non-empty array)
    The node named is an empty {} or []: fill it or remove it from the resource JSON file; an element/*.json file's resource array ("string": [] in string.json, when every string was deleted) needs at least one entry, e.g. a placeholder { "name": "app_placeholder", "value": "" }, or delete the file. {message}
11203006 config | a JSON node has more than one member | The node '[^'\n]*' in the JSON file can have only one member
    The node named may hold only one member: keep one (e.g. one resource type such as "string" at the root of an element/*.json file, one file per type). {message}
11203007 config | an element JSON file uses an unknown node name | Invalid node name '[^'\n]*'\. Valid values:
    The root node of an element/*.json file must be a resource type: boolean, color, float, id, intarray, integer, pattern, plural, strarray, string, symbol or theme: rename the node named. {message}
# files restool reads and writes (11204xxx)
11204001 permission | restool could not create a file or folder
    restool could not create the file or folder named: check the path is right and writable (not read-only, not held by another program, the disk not full), then clean and build. {message}
11204003 permission | restool could not delete a file or folder
    restool could not delete the file or folder named: it (or its source under resources/) is read-only or held open by another program (an antivirus, another build, an editor), or the path is wrong. Clear the read-only attribute (Windows: attrib -r on the file and its source), close what holds it, then clean and build. {message}
11204004 permission | restool could not copy a file
    restool could not copy the file named: check both paths exist and the target is writable (not read-only, not held open by another program), then clean and build. {message}
11204005 permission | restool could not open a file
    restool could not open the file named: check the path exists and is readable (not held open or locked by another program). {message}
11204006 permission | restool could not read a file
    restool could not read the file named: check the path exists and is readable, and that the file is not empty (an empty resource file: fill it or delete it). {message}
# restool's command line (11210xxx): a script or a build that runs restool itself
11210001 config | restool was given an unknown option
    restool does not know the option named: fix the command (restool -h lists the options). {message}
11210002 config | a restool option lacks its argument
    The option named needs a value (e.g. -i/--inputPath a folder): add it (restool -h). {message}
11210003 config | restool was given an invalid argument
    An option lost its leading '-' and became an argument (e.g. restool inputPath): write each option with its dash, then its value (restool -h). {message}
11210004 config | restool's input path is invalid | Invalid input path '
    The folder -i/--inputPath names does not exist or cannot be read: fix the path or its access rights. {message}
11210005 config | restool got the same input path twice | Duplicated input path '
    Two -i/--inputPath options name the same folder: keep one. {message}
11210006 config | restool got two package names | The package names '[^'\n]*' and '[^'\n]*' conflict
    -p/--packageName is given more than once: give it once. {message}
11210007 config | restool's output path is invalid | Invalid output path '
    The folder -o/--outputPath names does not exist or is not writable: create it or fix the path and its access rights. {message}
11210008 config | restool got two output paths | The output paths '[^'\n]*' and '[^'\n]*' conflict
    -o/--outputPath is given more than once: give it once. {message}
11210009 config | restool got the same resource header path twice | Duplicated resource header path '
    Two -r/--resHeader options name the same file: keep one. {message}
11210010 config | restool got two module name lists | The module names '[^'\n]*' and '[^'\n]*' conflict
    -m/--modules is given more than once: give it once. {message}
11210011 config | restool got a module name twice | Duplicated module name '
    -m/--modules names a module twice (e.g. -m entry,entry): name each once. {message}
11210012 config | restool got two module.json/config.json paths | of the module\.json \(in the stage model\) or config\.json \(in the FA model\) file conflict
    -j/--json is given more than once: give the module.json (Stage) or config.json (FA) path once. {message}
11210013 config | restool's start id is out of range | Invalid start ID '[^'\n]*'\. It is out of range
    The -e/--startId value must lie in [0x01000000, 0x06FFFFFF) or [0x08000000, 0xFFFFFFFF): choose one there. {message}
11210014 config | restool got the same append path twice | Duplicated append path '
    Two -x/--append options name the same path: keep one. {message}
11210015 config | restool got two --target-config options | The target configurations '[^'\n]*' and '[^'\n]*' conflict
    --target-config is given more than once: give it once. {message}
11210016 config | restool's --target-config is malformed | Invalid target configuration argument '
    Write --target-config as restool's guide shows, e.g. Locale[zh_CN,en_US];Device[phone]. {message}
11210017 config | the system id_defined.json path is invalid | Invalid system id_defined\.json path '
    The file --defined-sysids names does not exist or cannot be read: fix the path or its access rights. {message}
11210018 config | restool got the same system id_defined.json twice | Duplicated system id_defined\.json path '
    Two --defined-sysids options name the same file: keep one. {message}
11210019 config | restool got two --compressed-config options | The compression JSON paths '[^'\n]*' and '[^'\n]*' conflict
    --compressed-config is given more than once: give it once. {message}
11210020 project-path | a restool argument holds non-ASCII characters | The argument value '[^'\n]*' is not an ASCII value
    A path or value restool was given holds Chinese or other non-ASCII characters: move the project (or the output) to a path with ASCII letters only. {message}
11210021 config | two restool options exclude each other | Options '[^'\n]*' and '[^'\n]*' cannot be used together
    Drop one of the two options named (e.g. -x and --target-config cannot go together; restool -h). {message}
11210022 config | restool was given no package name | The package name is empty\. It should be specified with option -p
    Give the bundle name with -p/--packageName. {message}
11210023 config | restool was given no resource header path | The resource header path \(for example, \./ResourceTable\.js
    Give the resource header file (e.g. ./ResourceTable.h or ./ResourceTable.js) with -r/--resHeader. {message}
11210024 config | restool dump has no HAP path | The HAP path of the resource dump command is missing
    Name the HAP to dump: restool dump path/to/entry.hap. {message}
11210025 config | restool dump's HAP path is invalid | Invalid HAP path '[^'\n]*' in the resource dump command
    The HAP restool dump names does not exist or cannot be read: fix the path or its access rights. {message}
11210026 config | restool's thread count is invalid | Invalid thread count '
    --thread must be an integer greater than 0. {message}
# the module and id_defined.json (112110xx)
11211001 config | restool's output path already exists | The output path exists\. Specify option -f/--forceWrite
    The -o/--output folder already holds files: delete them, or add -f/--forceWrite to overwrite. {message}
11211002 config | several input paths but no module.json/config.json path | There are multiple input paths, but the path of the module\.json
    With several -i/--inputPath folders restool cannot guess the module's configuration file: give module.json (Stage) or config.json (FA) with -j/--json. {message}
11211003 config | the module type is invalid | Invalid module type '
    module.type in module.json5 (config.json in the FA model) must be entry, har, shared or feature: fix it. {message}
11211004 config | the start id conflicts with id_defined.json | specified by option -e/--startId conflict with the IDs in the id_defined\.json
    Resource ids are fixed two ways at once: -e/--startId and resources/base/element/id_defined.json. Use only one of them. {message}
11211007 config | id_defined.json names an invalid resource type | Invalid resource type '[^'\n]*' in the id_defined\.json file
    Each type in id_defined.json must be boolean, color, float, id, intarray, integer, pattern, plural, strarray, string, symbol or theme: fix the one named. {message}
11211008 config | id_defined.json holds an invalid id | Invalid ID value '[^'\n]*' in the id_defined\.json file
    Each id in id_defined.json must be a hexadecimal string (0x followed by 8 hex digits) in [0x01000000, 0x06FFFFFF] or [0x08000000, 0xFFFFFFFF]: fix the one named. {message}
11211012 config | id_defined.json gives two resources one id | in the id_defined\.json file define the same ID
    Two names in id_defined.json share one id: give each its own id (in [0x01000000, 0x06FFFFFF] or [0x08000000, 0xFFFFFFFF]). {message}
11211014 config | the module name is not in -m/--modules | which is specified by -m/--modules
    The module name in module.json5 (config.json in the FA model) is not in the list -m/--modules gives: fix the list or the module's name. {message}
# the resources (112111xx): files and folders under resources/, element/*.json values
11211101 config | a resource file is of the wrong type | Failed to scan resources: invalid path '
    A resource is a file where a folder belongs, or a folder where a file belongs: rawfile/ must be a folder, and base/element/ may hold only .json files (no folders). Fix the path named. {message}
11211103 config | a qualifier folder's name is invalid | Invalid qualifier key '
    A folder directly under resources/ is base/, rawfile/, resfile/ or a qualifier folder whose name follows the qualifier rules (e.g. zh_CN, en_US, dark, phone): rename or remove the folder named. {message}
11211104 config | a resource group folder's name is invalid | Invalid resource directory name '
    resources/base/ and each qualifier folder (e.g. resources/en_US/, resources/dark/) may hold only the resource group folders element/, media/ and profile/: move the files of the folder named into one of them (images into media/, JSON resources into element/, profile JSON into profile/; raw files go to resources/rawfile/) and delete it. {message}
11211106 config | a string's translation priority is invalid | Invalid translation priority value '
    The priority of a string's or plural's attr must be code, translate, LT or customer: fix it in the element/*.json file. {message}
11211107 config | an element resource type is not supported | Unsupported element resource type '
    An element/*.json file may declare integer, string, strarray, intarray, boolean, color, theme, plural, float, pattern or symbol resources (not id): change the type named. {message}
11211108 config | a color value is invalid | Invalid color value '[^'\n]*' of the resource '
    A color must be '#rgb', '#argb', '#rrggbb' or '#aarrggbb', or reference a color ($color:name, $ohos:color:name): fix the value in element/color.json. {message}
11211109 config | a resource reference is invalid | Invalid resource reference \$
    A resource may reference only one of its own type ($string:name or $ohos:string:name in a string, not $integer:name): fix the reference. {message}
11211110 config | a theme's parent is empty | The parent value of resource '[^'\n]*' is empty
    The theme's parent must name another theme: set it, or remove the parent attribute. {message}
11211111 config | an array resource is too long | The array resource '[^'\n]*' is too large
    The values of an array resource total more than 65535 bytes: split it into several arrays. {message}
11211112 config | a plural's quantity is invalid | Invalid quantity '[^'\n]*' of the plural resource '
    A plural's quantity must be zero, one, two, few, many or other: fix it. {message}
11211113 config | a plural declares a quantity twice | Duplicated quantity '[^'\n]*' of the plural resource '
    The plural named declares the same quantity twice: keep one entry per quantity. {message}
11211114 config | a plural lacks the 'other' quantity | should contain the 'other' quantity
    Add an entry with quantity "other" to the plural named. {message}
11211115 config | a symbol resource's value is out of range | of the symbol resource '[^'\n]*'\. It should be in the scope
    A symbol's value must lie in [0xF0000, 0xFFFFF] or [0x100000, 0x10FFFF]: fix it. {message}
11211116 config | a resource name is invalid | Invalid resource name '
    A resource's name (a file under media/, profile/ or element/ without its extension, or a "name" in element/*.json) may hold only letters, digits and underscores [a-zA-Z0-9_]: rename it (no '-', spaces, dots or a second extension such as .jpg.avif) and update its $media:/$string: references. {message}
11211117 config | a resource is declared twice | Resource '[^'\n]*' conflict\. It is first declared at
    Two resources of the same type share one name (in one file or two, e.g. in element/string.json and another element file, or a media file twice with other extensions): rename one or remove the duplicate so each name is unique. {message}
11211118 config | the resource ids overflow | The resource ID '[^'\n]*' exceeds the maximum ID
    Too many resources, or too high a start id: delete unused resources or choose a smaller -e/--startId. {message}
11211120 config | a referenced resource is not defined | The resource reference '\$[^'\n]*' is not defined
    The resource named is referenced (in app.json5 / module.json5, another resource or the code) but not defined: define the resource (a file under resources/base/media/ named after it, or an entry in resources/base/element/*.json, e.g. string.json; AppScope/resources for the app's), or reference one that exists; when restool is run by hand, its folder's parent (e.g. entry/src/main) must be an -i/--inputPath. {message}
11211124 config | resources.index cannot be parsed | Failed to parse the resources\.index file
    The resources.index is not restool's own output (empty, or without its 128-byte version header): build it again with restool rather than copying or editing it. {message}
# the HAP restool dump reads (11212xxx)
11212001 config | restool could not parse the HAP | Failed to parse the HAP\.
    The HAP is not as the SDK built it (e.g. unpacked and zipped again): dump the HAP the build produced. {message}
"""

RESTOOL_CODES: dict[str, HvigorCode] = read_codes(_RESTOOL)
