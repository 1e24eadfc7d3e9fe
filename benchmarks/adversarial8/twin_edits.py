"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial8/twin_edits.py      # rewrites twins/*.py

Several programs set the context mesh for good (`jax.set_mesh(m)` as a statement, spelled or
looked up by name): run each twin in its own process, or a mesh left set by one hides the next.
"""
import pathlib

base = pathlib.Path(__file__).resolve().parent
NULL = "contextlib.nullcontext"
T = [
 ('enum_value_set_by_new', 'obj._value_ = P(None, spec[0], reduced={spec[1]})', 'obj._value_ = spec', 'SF104'),
 ('enum_param_duck_namespace', 'return table.full(target=chosen)', 'return table.full()', 'SF104'),
 ('enum_name_rebound', '    target = Target.ROWS\n', '    target = Target.COLS\n', 'SF104'),
 ('enum_member_by_name_lookup', 'CONFIG = {"target": "ROWS"}', 'CONFIG = {"target": "COLS"}', 'SF104'),
 ('enum_member_from_value_lookup', 'Target(P(None, "model", reduced={"data"})))', 'Target(P("model", None, reduced={"data"})))', 'SF104'),
 ('mesh_getattr_concat_setter', 'getattr(jax, "set_" + "mesh")', 'getattr(contextlib, "null" + "context")', 'SF104'),
 ('mesh_import_module_setter', 'importlib.import_module("jax").set_mesh(mesh)', 'importlib.import_module("contextlib").nullcontext(mesh)', 'SF104'),
 ('mesh_module_alias', '    with jx.set_mesh(mesh):', f'    with {NULL}(jx):', 'SF104'),
 ('mesh_abstract_mesh_context', 'jax.sharding.use_abstract_mesh(mesh.abstract_mesh)', f'{NULL}(mesh.abstract_mesh)', 'SF104'),
 ('mesh_context_table', 'with CONTEXTS["on"](mesh):', 'with CONTEXTS["off"](mesh):', 'SF104'),
 ('mesh_statement_in_setup_helper', '    jax.set_mesh(mesh)\n', f'    {NULL}(mesh)\n', 'SF104'),
 ('mesh_getattr_lowered_name', 'getattr(jax, "SET_MESH".lower())(mesh)', 'getattr(contextlib, "NULLCONTEXT".lower())(mesh)', 'SF104'),
 ('mesh_object_handed_unnamed_setter', 'getattr(jax, "_".join(("set", "mesh")))', 'getattr(contextlib, "".join(("null", "context")))', 'SF104'),
 ('mesh_dead_export_flag', 'EXPORT = False', 'EXPORT = True', 'SF104'),
 ('mesh_hook_method_never_called', '[hook.describe(w) for hook in HOOKS]', '[hook.export(w) for hook in HOOKS]', 'SF104'),
 ('mesh_partial_setter_entered', 'functools.partial(jax.set_mesh, mesh)', f'functools.partial({NULL}, mesh)', 'SF104'),
 ('mesh_exitstack_in_main', 'stack.enter_context(jax.set_mesh(mesh))', f'stack.enter_context({NULL}(mesh))', 'SF104'),
 ('mesh_method_object_in_list_called_under_mesh', '[item.size(w) for item in items]', '[item.export(w) for item in items]', 'SF104'),
 ('mesh_same_method_name_other_class', 'return Summary().export(w)', 'return PLUGINS[0].export(w)', 'SF104'),
 ('mesh_method_behind_false_flag', 'EXPORT = False', 'EXPORT = True', 'SF104'),
 ('mesh_tree_map_over_empty_state', '    opt_state = {}', '    opt_state = {"w": w}', 'SF104'),
 ('mesh_argparse_flag_off', 'parser.parse_args([])', 'parser.parse_args(["--export"])', 'SF104'),
 ('mesh_unspelled_setter_object_handed', 'getattr(jax, "set" + "_mesh")(mesh)', 'getattr(contextlib, "null" + "context")(mesh)', 'SF104'),
 ('mesh_attrgetter_setter_object_list', 'operator.attrgetter("set" + "_mesh")(jax)(mesh)', 'operator.attrgetter("null" + "context")(contextlib)(mesh)', 'SF104'),
 ('reg_key_registered_twice', '@command(name="export")', '@command(name="export_sum")', 'SF104'),
 ('reg_wrapper_enters_mesh', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('reg_keys_split_by_mesh', 'return out, COMMANDS["stats"](w)', 'return out, COMMANDS["export"](w)', 'SF104'),
 ('reg_items_loop_under_mesh', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('reg_get_under_mesh_param_key_outside', 'dispatch("stats", w)', 'dispatch("export", w)', 'SF104'),
 ('reg_decorated_name_called_under_mesh', 'return out, COMMANDS["norm"](w)', 'return out, COMMANDS["export"](w)', 'SF104'),
 ('reg_entry_rewrapped_with_mesh', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('reg_decorator_returns_meshed_wrapper', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('reg_dispatch_method_under_mesh', 'with jax.set_mesh(self.mesh):', f'with {NULL}(self.mesh):', 'SF104'),
 ('reg_two_tables_same_key', 'return out, DEBUG["export"](w)', 'return out, COMMANDS["export"](w)', 'SF104'),
 ('reg_split_keys_under_mesh', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('reg_table_aliased_then_key_replaced', 'table["export"] = jnp.tanh', 'table["tanh"] = jnp.tanh', 'SF104'),
 ('reg_other_key_only', 'return COMMANDS["stats"](w)', 'return COMMANDS["export"](w)', 'SF104'),
 ('reg_bare_decorator_dead_command', 'return TASKS["summary"](w)', 'return TASKS["gather"](w)', 'SF104'),
 ('rec_method_enters_mesh_then_recurses', 'with jax.set_mesh(self.mesh):', f'with {NULL}(self.mesh):', 'SF104'),
 ('rec_function_enters_mesh_then_recurses', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('rec_mutual_helpers_mesh_in_second', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('rec_mutual_methods_mesh_in_second', 'with jax.set_mesh(self.mesh):', f'with {NULL}(self.mesh):', 'SF104'),
 ('rec_tree_walk_method_under_mesh', 'with jax.set_mesh(mesh):', f'with {NULL}(mesh):', 'SF104'),
 ('rec_retry_after_mesh_error', 'with jax.set_mesh(self.mesh):', f'with {NULL}(self.mesh):', 'SF104'),
 ('rec_psum_axes_recursive', 'reduce_all(block.sum(axis=0), ("data",))', 'reduce_all(block.sum(axis=0), (("data", "model"),))', 'SF105'),
 ('rec_mutual_psum_cast_first', 'reduce(jax.lax.pcast(v, "model", to="varying"), depth + 1)', 'reduce(v, depth + 1)', 'SF105'),
 ('rec_cycle_dead_method_no_setter', 'return Sizes().walk(', 'return WALKERS[0].walk(', 'SF104'),
 ('split_string_rebound_at_run_time', '    NAMES = "rows"\n', '    NAMES = "rows,cols"\n', 'SF104'),
 ('split_parts_sliced', 'NAMES.split(",")[:1]', 'NAMES.split(",")[1:]', 'SF104'),
 ('split_parts_keep_spaces', 'NAMES = "rows, cols"', 'NAMES = "rows,cols"', 'SF104'),
 ('split_parts_skipped_by_set', 'SKIP = {"cols"}', 'SKIP = {"rows"}', 'SF104'),
 ('split_config_dict_alias_changed', 'cfg["gather"] = "rows"', 'cfg["gather"] = "cols"', 'SF104'),
 ('split_config_dict_update', 'CONFIG.update(gather="rows")', 'CONFIG.update(gather="cols")', 'SF104'),
 ('split_loop_breaks_after_first', 'NAMES = "rows,cols"', 'NAMES = "cols,rows"', 'SF104'),
 ('split_tuple_loop_breaks', 'for name in ("rows", "cols"):', 'for name in ("cols", "rows"):', 'SF104'),
 ('split_other_separator', 'NAMES.split(";")', 'NAMES.split(",")', 'SF104'),
 ('split_maxsplit_one', 'NAMES.split(",", 1)', 'NAMES.split(",")', 'SF104'),
 ('split_guard_startswith', 'name.startswith("c")', 'name.startswith("r")', 'SF104'),
 ('split_axes_psum_string_replaced', 'AXES.replace(",model", "")', 'AXES.replace(",data", "")', 'SF105'),
 ('split_class_attr_setattr', 'setattr(Job, "SINKS", "rows")', 'setattr(Job, "SINKS", "cols")', 'SF104'),
 ('split_job_dict_changed_in_helper', 'job["sinks"] = "rows"', 'job["sinks"] = "cols"', 'SF104'),
 ('split_string_augmented', 'SINKS = SINKS[:4]', 'SINKS = SINKS[5:]', 'SF104'),
 ('split_namespace_changed', 'JOB.sinks = "rows"', 'JOB.sinks = "cols"', 'SF104'),
 ('obj_hook_param_two_classes', 'a = run(mesh, x, Rows(), P("data", None))', 'a = run(mesh, x, Full(), P("data", None))', 'SF105'),
 ('obj_strategy_field_replaced', 'trainer.strategy = RowStrategy()', 'trainer.other = RowStrategy()', 'SF105'),
 ('obj_method_named_psum', 'comm = Comm(("data",))', 'comm = Comm(("data", "model"))', 'SF105'),
 ('obj_list_alias_item_replaced', 'hooks[0] = rows', 'hooks.append(rows)', 'SF105'),
 ('obj_config_alias_mutated', 'cfg["axes"] = "data"', 'cfg["other"] = "data"', 'SF105'),
 ('obj_config_update', 'CONFIG.update({"axes": "data"})', 'CONFIG.update({"lr": 0.2})', 'SF105'),
 ('obj_setattr_on_class', 'setattr(Reducer, "AXES", "data")', 'setattr(Reducer, "OTHER", "data")', 'SF105'),
 ('obj_dunder_setattr_keeps_first', 'value[:1] if key == "axes"', 'value[:2] if key == "axes"', 'SF105'),
 ('obj_escapes_into_registry', 'REGISTRY["main"].axes = "data"', 'REGISTRY["main"].label = "data"', 'SF105'),
 ('obj_subclass_override_reduce', 'jax.shard_map(Rows(), ', 'jax.shard_map(Base(), ', 'SF105'),
 ('obj_same_method_two_classes', 'return Narrow().reduce(', 'return Wide().reduce(', 'SF105'),
 ('obj_dead_branch_flag', 'FULL = False', 'FULL = True', 'SF105'),
 ('obj_strategy_from_registry_replaced', '.use("rows")', '.use("full")', 'SF105'),
 ('obj_mesh_hook_object_classes', 'P("data", None, reduced={"model"})', 'P(None, "data", reduced={"model"})', 'SF104'),
 ('obj_command_class_method_jax_name', 'Strategy(P(None, "model", reduced={"data"}))', 'Strategy(P("model", None, reduced={"data"}))', 'SF104'),
]
if __name__ == "__main__":
    (base / "twins").mkdir(exist_ok=True)
    assert sorted(t[0] for t in T) == sorted(p.stem for p in (base / "clean").glob("*.py"))
    for name, old, new, rule in T:
        src = (base / "clean" / f"{name}.py").read_text()
        assert src.count(old) == 1, (name, src.count(old))
        out = src.replace(old, new)
        a, b = src.splitlines(), out.splitlines()
        assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
        (base / "twins" / f"{name}.py").write_text(out)
        print(name, rule)
