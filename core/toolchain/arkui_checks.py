"""ArkUI's compile checks (the 109xxxxx codes of the ArkUI compile error reference,
``_ark_ui_compile``): each check's message as the compiler words it, and the step its reference
page gives. Data only; :mod:`.build_steps` adds the step to an ArkTS finding whose log holds the
message, with or without its code (hvigor's numbered block, the old ``ArkTS:ERROR`` format)."""

from __future__ import annotations

# (code, the message with its names as groups, the step; {0}, {1}: the names)
ARKUI_CHECKS: tuple[tuple[str, str, str], ...] = (
    (
        "10905301",
        r"'@Watch' cannot be used with '(\w+)'\. Apply it only to parameters that correspond to "
        r"existing methods",
        "Define the method {0} in the struct: @Watch('{0}') names the callback it calls.",
    ),
    (
        "10905101",
        r"'@BuilderParam' property can only (?:be )?initialized by '@Builder' function",
        "Initialize the @BuilderParam with a @Builder function or a @LocalBuilder method.",
    ),
    (
        "10905302",
        r"The property '(\w+)' cannot have multiple state management decorators",
        "Keep one state management decorator on {0}.",
    ),
    (
        "10905303",
        r"The '(@\w+)' property '(\w+)' must be specified a default value",
        "Give {1} an initial value where it is declared ({0}, like @State, @StorageLink, "
        "@StorageProp, @LocalStorageLink, @LocalStorageProp and @Provide, needs one).",
    ),
    (
        "10905304",
        r"The '(@\w+)' property cannot be specified a default value",
        "Do not initialize a {0} variable where it is declared (@Consume, @Link, @ObjectLink get "
        "their value from the parent or the provider).",
    ),
    (
        "10905305",
        r"The property '(\w+)' must specify a type",
        "Declare the type of the decorated variable {0} (name: Type).",
    ),
    (
        "10905307",
        r"'@ObjectLink' cannot be used with this type",
        "@ObjectLink takes an instance of a class decorated with @Observed: decorate the class "
        "with @Observed (or use @Prop/@Link for other types).",
    ),
    (
        "10905210",
        r"the 'build' method can have only one root node, which must be a container component",
        "The @Entry component's build() must have exactly one root, a container (Column, Row, "
        "Stack …): wrap the nodes in one container and remove the extra roots.",
    ),
    (
        "10905103",
        r"The struct '(\w+)' must have at least and at most one 'build' method",
        "Give the struct {0} exactly one build() method.",
    ),
    (
        "10905106",
        r"The 'build' method can not have arguments",
        "Remove the parameters of build() (pass data through the component's properties).",
    ),
    (
        "10905105",
        r"'@Styles' decorated functions and methods cannot have arguments",
        "Remove the @Styles function's parameters; a style that takes arguments is an "
        "@Extend(Component) function.",
    ),
    (
        "10905108",
        r"'(@?\w+)' should have one and only one parameter",
        "Give {0} exactly one parameter: the component it extends, as in @Extend(Text).",
    ),
    (
        "10905113",
        r"Use the '(@?\w+)' decorator only in the global scope",
        "Move the {0} function to the file's top level (outside the struct and any class).",
    ),
    (
        "10905211",
        r"The '@CustomDialog' decorated custom component must contain a property of the "
        r"CustomDialogController type",
        "Add a property of type CustomDialogController to the @CustomDialog component "
        "(controller: CustomDialogController).",
    ),
    (
        "10905212",
        r"Structs are not allowed to inherit from classes or implement interfaces",
        "Remove extends/implements from the struct (move the shared code into a class it uses).",
    ),
    (
        "10905314",
        r"Property '(\w+)' cannot initialize using '\$' to create a reference to a variable",
        "Either decorate {0} in the child with @Link, or pass the value without '$'.",
    ),
    (
        "10905315",
        r"The '(@?\w+)' property '(\w+)' cannot be assigned to the '(@?\w+)' property '(\w+)'",
        "A {2} property ({3}) cannot be initialized from a {0} one ({1}): pass a state variable "
        "the decorator rules allow (a @Link from a @State/@Link/@Prop… of the parent, with $ or "
        "this.), or change the child's decorator.",
    ),
    (
        "10905316",
        r"The property '(\w+)' in the custom component '(\w+)' is missing",
        "Pass {0} when the parent creates {1} ({1}({{ {0}: this.… }})): a @Link (or @Require) "
        "property must be initialized by the parent.",
    ),
    (
        "10905317",
        r"The property '(\w+)' in the custom component '(\w+)' cannot be initialized here",
        "Do not pass {0} when creating {1}: its decorator (@StorageProp, @StorageLink, @Consume …) "
        "takes its value from storage or the provider.",
    ),
    (
        "10905321",
        r"'@Require(?:d)?' decorated '(\w+)' must be initialized through the component constructor",
        "Pass {0} when the parent creates the component: @Require makes it mandatory.",
    ),
    (
        "10905327",
        r"When a variable decorated with '@Param' is not assigned a default value, it must also "
        r"be decorated with '@Require'",
        "Give the @Param variable a default value, or decorate it with @Require too.",
    ),
    (
        "10905109",
        r"The wrapBuilder's parameter should be a '@Builder' function",
        "Pass wrapBuilder a global function decorated with @Builder.",
    ),
    (
        "10903329",
        r"Unknown resource name '([^'\n]+)'",
        "No resource is named {0}: fix the name in $r('app.<type>.<name>') or add the resource to "
        "resources/base/<type>/ (a string in element/string.json, an image in media/).",
    ),
    (
        "10904333",
        r"No such '([^'\n]+)' resource in current module",
        "The module has no resource {0}: add it (a $rawfile under resources/rawfile) or fix the "
        "name and path.",
    ),
    (
        "10905230",
        r"Decorator '@Component'.{1,3}'@ComponentV2'.{1,3}or '@CustomDialog' is missing for struct",
        "Decorate the struct with @Component (or @ComponentV2, @CustomDialog).",
    ),
    (
        "10905402",
        r"must have one and only one '@Entry' decorator",
        "A page listed in main_pages.json (or build-profile.json5) needs exactly one @Entry "
        "component: add @Entry to its page struct, or remove the page from the list.",
    ),
    (
        "10905231",
        r"A page can't contain more than one '@Entry' decorator",
        "Keep one @Entry per page: remove the others (make them @Component).",
    ),
    (
        "10905236",
        r"UI component '(\w+)' cannot be used in this place",
        "Use {0} only inside build(), a @Builder function or a page transition function.",
    ),
    (
        "10905227",
        r"The struct '(\w+)' cannot have the same name as the built-in component",
        "Rename the struct {0}: a built-in component has that name.",
    ),
    (
        "10905209",
        r"Only UI component syntax can be written here",
        "Inside build() (and @Builder) write only UI components, their attributes, if/else and "
        "ForEach: move other statements (variables, calls, console.log) into a method or an "
        "event handler.",
    ),
)
