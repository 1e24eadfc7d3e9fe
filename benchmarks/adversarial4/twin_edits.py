"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial4/twin_edits.py      # rewrites twins/*.py
"""
import sys, pathlib
base = pathlib.Path(__file__).resolve().parent
T = [
 ("mesh_plain_set_in_main_then_block", "    jax.set_mesh(mesh)\n", "    jax.sharding.get_mesh()\n", "SF104"),
 ("mesh_helper_after_nested_block", "    with jax.set_mesh(mesh):\n        acts", "    if True:\n        acts", "SF104"),
 ("mesh_lambda_defined_after_called_inside", "    with jax.set_mesh(mesh):\n        return finalize()", "    if True:\n        return finalize()", "SF104"),
 ("mesh_lazy_map_consumed_in_block", "pending = map(report, ws)", "pending = list(map(report, ws))", "SF104"),
 ("mesh_decorator_written_by_hand", "@under_mesh\n", "# @under_mesh\n", "SF104"),
 ("mesh_callback_runner", "return run_under(mesh, save, w)", "return save(w)", "SF104"),
 ("mesh_set_in_trainer_init", "        jax.set_mesh(self.mesh)\n", "        pass\n", "SF104"),
 ("mesh_module_level_set", "\njax.set_mesh(MESH)\n", "\njax.sharding.get_mesh()\n", "SF104"),
 ("mesh_jit_wrapped_after_block", "    with jax.set_mesh(mesh):\n        return fast_report(w)", "    if True:\n        return fast_report(w)", "SF104"),
 ("mesh_exit_stack", "        stack.enter_context(jax.set_mesh(mesh))", "        stack.enter_context(mesh)", "SF104"),
 ("spec_main_default_keep_axis", 'gathered=("cols",)', "gathered=()", "SF104"),
 ("spec_config_replaced_before_use", '    cfg = dataclasses.replace(cfg, exported=P("data", reduced={"model"}))', "    cfg = dataclasses.replace(cfg)", "SF104"),
 ("spec_property_on_state", "        self.legacy = False", "        self.legacy = True", "SF104"),
 ("spec_table_prefix_and_reduced", '"norm": (P("m", "d"), P("m", reduced={"d"})),', '"norm": (P("m", "d"), P("d", reduced={"m"})),', "SF104"),
 ("spec_tree_map_key_order", '"w": P("d", reduced={"m"})}', '"w": P("m", reduced={"d"})}', "SF104"),
 ("tuple_env_axes_single_default", '"LOSS_AXES", "data"', '"LOSS_AXES", "data,model"', "SF105"),
 ("tuple_star_unpack_empty_rest", 'data_axes: tuple = ("data",)', 'data_axes: tuple = ("data", "model")', "SF105"),
 ("tuple_first_and_last_same_axis", '"FSDP_AXES", "fsdp"', '"FSDP_AXES", "fsdp,tp"', "SF101"),
 ("tuple_two_env_names_coincide", 'FSDP_AXIS = os.environ.get("FSDP_AXIS", "data")', 'FSDP_AXIS = os.environ.get("FSDP_AXIS", "model")', "SF101"),
 ("tuple_default_overridden_by_partial", 'axes=("data",))', 'axes=("data", "model"))', "SF105"),
 ("obj_post_init_filters_axes", "tuple(a for a in self.reduce_axes if a in self.split_axes)", "tuple(self.reduce_axes)", "SF105"),
 ("obj_hparams_property_flag_rebound", "    hp.sequence_parallel = False", "    hp.sequence_parallel = True", "SF105"),
 ("obj_fiddle_config_mutated", '    cfg.axes = ("data",)', '    cfg.axes = ("data", "model")', "SF105"),
 ("obj_lambda_dict_rebound", 'REDUCERS["sum"] = lambda v: jax.lax.psum(v, "data")', 'REDUCERS["sum"] = lambda v: jax.lax.psum(v, ("data", "model"))', "SF105"),
 ("obj_replace_reduced_field", 'scale=jax.lax.pcast(norm.scale, "fsdp", to="varying"))', "scale=norm.scale)", "SF106"),
 ("obj_teacher_reduced_student_varying", 'student = Head(swb, "fsdp", frozen=False)', 'student = Head(swb, "fsdp", frozen=True)', "SF106"),
 ("obj_method_switches_axes", "    opt = Optimizer().use_data_parallel_only()", "    opt = Optimizer()", "SF105"),
 ("obj_two_instances_different_axes", '    over_data = Mean(("data",))', '    over_data = Mean(("data", "model"))', "SF105"),
 ("obj_lambda_dict_comprehension_default", 'GATHER["cols"](r)', 'GATHER["rows"](r)', "SF102"),
 ("mesh_helper_sets_mesh_when_missing", "    if jax.sharding.get_abstract_mesh().empty:", "    if not jax.sharding.get_abstract_mesh().empty:", "SF104"),
 ("obj_property_setter_filters", "        self._reduce_axes = tuple(a for a in axes if a in self.split_axes)", "        self._reduce_axes = tuple(axes)", "SF105"),
 ("obj_setattr_normalizes", '    KNOWN = ("batch",)', '    KNOWN = ("batch", "model")', "SF105"),
 ("obj_teacher_eval_mode_property", "    teacher = BatchStats().eval()", "    teacher = BatchStats()", "SF105"),
 ("obj_dict_setdefault_keeps_entry", 'METRICS.setdefault("loss", lambda v: jax.lax.pmean(v, ("data", "model")))', 'METRICS.update(loss=lambda v: jax.lax.pmean(v, ("data", "model")))', "SF105"),
 ("obj_clone_with_axes", 'head = LossHead().clone(axes=("data",))', 'head = LossHead().clone()', "SF105"),
 ("spec_sorted_keys_two_tables", '"k": P("y", reduced={"x"})}', '"k": P("x", reduced={"y"})}', "SF104"),
 ("mesh_flag_param_skips_gather", "    b = log_params(w)\n", "    b = log_params(w, full=True)\n", "SF104"),
 ("mesh_dict_cache_after_block", '        host_copy("w", w)\n', "        _GATHERED.clear()\n", "SF104"),
 ("mesh_memoized_export_after_block", '        first = exported("w")', '        first = STORE["w"]', "SF104"),
 ("spec_table_loop_skips_entries", 'NOT_EXPORTED = {"adam_mu"}', "NOT_EXPORTED = set()", "SF104"),
 ("spec_comprehension_filters_entries", 'EXPORTABLE = ("q", "k")', 'EXPORTABLE = ("q", "k", "pos")', "SF104"),
 ("spec_tuple_symbol_one_dim", "P(ROW_AXES[0], reduced=set(ROW_AXES[1:]))", "P(ROW_AXES[0])", "SF104"),
 ("mesh_own_mesh_then_equal_decorated", "@on_report_mesh\n", "# @on_report_mesh\n", "SF104"),
 ("mesh_own_mesh_helper_plain_sets", "    jax.set_mesh(mesh)\n", "    jax.sharding.get_mesh()\n", "SF104"),
 ("mesh_own_mesh_optional_ctx_helper", "return report(w, mesh=mesh)", "return report(w)", "SF104"),
 ("mesh_own_mesh_exit_stack_after", "stack.enter_context(jax.set_mesh(mesh))", "stack.enter_context(contextlib.nullcontext())", "SF104"),
 ("mesh_own_mesh_abstract_after", "    with jax.sharding.use_abstract_mesh(mesh.abstract_mesh):", "    if True:", "SF104"),
 ("mesh_own_mesh_runtime_after", "    with MeshScope(mesh):", "    if True:", "SF104"),
]
for name, old, new, rule in T:
    src = (base / "clean" / f"{name}.py").read_text()
    assert src.count(old) == 1, (name, src.count(old))
    out = src.replace(old, new)
    a, b = src.splitlines(), out.splitlines()
    assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
    (base / "twins" / f"{name}.py").write_text(out)
    print(name, rule)
