/// The changes from one version of a schema to the next, classified as graphql-js's
/// `findBreakingChanges` and `findDangerousChanges` do (and graphql-core's, their port), with the
/// additions and deprecations they leave out as safe. Directives are not compared.
public enum SchemaDiff {
    public static func changes(from old: IntrospectedSchema, to new: IntrospectedSchema) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for oldType in old.declaredTypes {
            guard let newType = new.type(oldType.name) else {
                changes.append(.init(.breaking, path: oldType.name, message: "\(oldType.name) was removed."))
                continue
            }
            guard oldType.kind == newType.kind else {
                changes.append(.init(.breaking, path: oldType.name,
                                     message: "\(oldType.name) changed from \(oldType.kind) to \(newType.kind)."))
                continue
            }
            changes += enumValueChanges(oldType, newType) + memberChanges(oldType, newType) + inputFieldChanges(oldType, newType)
                + fieldChanges(oldType, newType)
        }
        for newType in new.declaredTypes where old.type(newType.name) == nil {
            changes.append(.init(.safe, path: newType.name, message: "\(newType.name) was added."))
        }
        return changes
    }

    private static func enumValueChanges(_ old: IntrospectedSchema.NamedType, _ new: IntrospectedSchema.NamedType) -> [SchemaChange] {
        let oldValues = old.enumValues ?? [], newValues = new.enumValues ?? []
        var changes: [SchemaChange] = []
        for value in oldValues {
            let path = "\(old.name).\(value.name)"
            guard let newValue = newValues.first(where: { $0.name == value.name }) else {
                changes.append(.init(.breaking, path: path, message: "\(value.name) was removed from enum \(old.name).", scope: old.name))
                continue
            }
            if let deprecation = deprecationChange(path, value.isDeprecated, newValue.isDeprecated) { changes.append(deprecation) }
        }
        for value in newValues where !oldValues.contains(where: { $0.name == value.name }) {
            changes.append(.init(.dangerous, path: "\(old.name).\(value.name)",
                                 message: "\(value.name) was added to enum \(old.name).", scope: old.name))
        }
        return changes
    }

    /// Union members and implemented interfaces.
    private static func memberChanges(_ old: IntrospectedSchema.NamedType, _ new: IntrospectedSchema.NamedType) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        let (what, oldNames, newNames) = old.kind == "UNION"
            ? ("union", (old.possibleTypes ?? []).map(\.name), (new.possibleTypes ?? []).map(\.name))
            : ("interface", (old.interfaces ?? []).map(\.name), (new.interfaces ?? []).map(\.name))
        for name in oldNames where !newNames.contains(name) {
            let message = what == "union" ? "\(name) was removed from union \(old.name)." : "\(old.name) no longer implements \(name)."
            changes.append(.init(.breaking, path: "\(old.name).\(name)", message: message, scope: old.name))
        }
        for name in newNames where !oldNames.contains(name) {
            let message = what == "union" ? "\(name) was added to union \(old.name)." : "\(name) added to interfaces of \(old.name)."
            changes.append(.init(.dangerous, path: "\(old.name).\(name)", message: message, scope: old.name))
        }
        return changes
    }

    private static func inputFieldChanges(_ old: IntrospectedSchema.NamedType, _ new: IntrospectedSchema.NamedType) -> [SchemaChange] {
        guard let oldFields = old.inputFields, let newFields = new.inputFields else { return [] }
        var changes: [SchemaChange] = []
        for field in oldFields {
            let path = "\(old.name).\(field.name)"
            guard let newField = newFields.first(where: { $0.name == field.name }) else {
                changes.append(.init(.breaking, path: path, message: "\(path) was removed.", scope: old.name))
                continue
            }
            if !isSafeInputChange(field.type, newField.type) {
                changes.append(.init(.breaking, path: path, message: "\(path) changed type from \(field.type) to \(newField.type).",
                                     scope: old.name))
            }
        }
        for field in newFields where !oldFields.contains(where: { $0.name == field.name }) {
            let path = "\(old.name).\(field.name)"
            changes.append(field.isRequired
                ? .init(.breaking, path: path, message: "A required field \(field.name) on input type \(old.name) was added.", scope: old.name)
                : .init(.dangerous, path: path, message: "An optional field \(field.name) on input type \(old.name) was added.",
                        scope: old.name))
        }
        return changes
    }

    private static func fieldChanges(_ old: IntrospectedSchema.NamedType, _ new: IntrospectedSchema.NamedType) -> [SchemaChange] {
        guard let oldFields = old.fields, let newFields = new.fields else { return [] }
        var changes: [SchemaChange] = []
        for field in oldFields {
            let path = "\(old.name).\(field.name)"
            guard let newField = newFields.first(where: { $0.name == field.name }) else {
                changes.append(.init(.breaking, path: path, message: "\(path) was removed."))
                continue
            }
            if !isSafeOutputChange(field.type, newField.type) {
                changes.append(.init(.breaking, path: path, message: "\(path) changed type from \(field.type) to \(newField.type)."))
            }
            changes += argumentChanges(path, field.args, newField.args)
            if let deprecation = deprecationChange(path, field.isDeprecated, newField.isDeprecated) { changes.append(deprecation) }
        }
        for field in newFields where !oldFields.contains(where: { $0.name == field.name }) {
            changes.append(.init(.safe, path: "\(old.name).\(field.name)", message: "\(old.name).\(field.name) was added."))
        }
        return changes
    }

    private static func argumentChanges(_ field: String, _ old: [IntrospectedSchema.InputValue], _ new: [IntrospectedSchema.InputValue])
        -> [SchemaChange] {
        var changes: [SchemaChange] = []
        for argument in old {
            let path = "\(field).\(argument.name)"
            guard let newArgument = new.first(where: { $0.name == argument.name }) else {
                changes.append(.init(.breaking, path: path, message: "\(field) argument \(argument.name) was removed."))
                continue
            }
            if !isSafeInputChange(argument.type, newArgument.type) {
                // Made required, it fails every document that uses the field without it.
                changes.append(.init(.breaking, path: path,
                                     message: "\(field) argument \(argument.name) changed type from \(argument.type) to \(newArgument.type).",
                                     scope: newArgument.isRequired && !argument.isRequired ? field : path))
            } else if let oldDefault = argument.defaultValue, oldDefault != newArgument.defaultValue {
                changes.append(.init(.dangerous, path: path, message: "\(field) argument \(argument.name) changed its default value "
                        + "from \(oldDefault) to \(newArgument.defaultValue ?? "none").", scope: field))
            }
        }
        for argument in new where !old.contains(where: { $0.name == argument.name }) {
            let path = "\(field).\(argument.name)"
            changes.append(argument.isRequired
                ? .init(.breaking, path: path, message: "A required argument \(argument.name) on \(field) was added.", scope: field)
                : .init(.dangerous, path: path, message: "An optional argument \(argument.name) on \(field) was added.", scope: field))
        }
        return changes
    }

    private static func deprecationChange(_ path: String, _ wasDeprecated: Bool, _ isDeprecated: Bool) -> SchemaChange? {
        guard wasDeprecated != isDeprecated else { return nil }
        return .init(.safe, path: path, message: isDeprecated ? "\(path) is deprecated." : "\(path) is no longer deprecated.")
    }

    /// graphql-js's `isChangeSafeForObjectOrInterfaceField`: an answer may only get stricter.
    static func isSafeOutputChange(_ old: IntrospectedSchema.TypeReference, _ new: IntrospectedSchema.TypeReference) -> Bool {
        switch (old, new) {
        case (.list(let oldItem), .list(let newItem)): isSafeOutputChange(oldItem, newItem)
        case (.nonNull(let oldInner), .nonNull(let newInner)): isSafeOutputChange(oldInner, newInner)
        case (.nonNull, _): false
        case (_, .nonNull(let newInner)): isSafeOutputChange(old, newInner)
        case (.named(let oldName), .named(let newName)): oldName == newName
        default: false
        }
    }

    /// graphql-js's `isChangeSafeForInputObjectFieldOrFieldArg`: an input may only get looser.
    static func isSafeInputChange(_ old: IntrospectedSchema.TypeReference, _ new: IntrospectedSchema.TypeReference) -> Bool {
        switch (old, new) {
        case (.list(let oldItem), .list(let newItem)): isSafeInputChange(oldItem, newItem)
        case (.nonNull(let oldInner), .nonNull(let newInner)): isSafeInputChange(oldInner, newInner)
        case (.nonNull(let oldInner), _): isSafeInputChange(oldInner, new)
        case (.named(let oldName), .named(let newName)): oldName == newName
        default: false
        }
    }
}
