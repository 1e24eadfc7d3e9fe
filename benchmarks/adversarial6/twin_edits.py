"""The one-line edits that make twins/ from clean/ (each asserted to change exactly one line).

    python3 benchmarks/adversarial6/twin_edits.py      # rewrites twins/*.py
"""
import pathlib
base = pathlib.Path(__file__).resolve().parent
T = [
 # NumPy constants and reduced values
 ("const_sqrt_scale_before_gather", "        return r\n", "        return r * SCALE\n", "SF106"),
 ("const_array_after_cast", '        v = jax.lax.pcast(r, "data", to="varying")\n', "        v = r\n", "SF106"),
 ("const_finfo_after_square", "sq = r ** 2", "sq = r * r", "SF106"),
 ("const_max_then_scaled", "peak = jnp.max(r, axis=0, keepdims=True)", "peak = jnp.sum(r, axis=0, keepdims=True)", "SF106"),
 ("const_matmul_then_bias", "h = r @ W", "h = r", "SF106"),
 ("const_iinfo_on_invariant", 's = jax.lax.psum(block, "data")', 's = jax.lax.all_gather(block, "data", to="reduced", tiled=True)', "SF106"),
 ("const_varying_times_constant_then_gather", "return jnp.tanh(r)", "return jnp.tanh(r) * HALF", "SF106"),
 ("const_reduced_times_reduced", "return r * r", "return r * TEMP", "SF106"),
 ("const_take_then_scaled", "t = jnp.take(r, IDX, axis=0)", "t = r", "SF106"),
 ("const_min_plus_block", "return jnp.min(r) * K + block", "return r * K + block", "SF106"),
 ("const_reduced_times_varying_same_axis", "return r[:4] * block", "return r[:4] * SCALE", "SF106"),
 ("const_astype_np_dtype", "return r.astype(DTYPE)", "return r + DTYPE.type(1)", "SF106"),
 ("const_shape_from_np_array", "return jnp.reshape(r, TEMPLATE.shape[:0] + (8, 4))", "return r + TEMPLATE.sum()", "SF106"),
 ("const_in_unused_branch", "USE_SCALE = False", "USE_SCALE = True", "SF106"),
 ("const_rebound_name_before_gather", "        r = block + EPS\n", '        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True) + EPS\n', "SF106"),
 ("const_sum_sq_then_sqrt_eps", "ms = jnp.sum(r ** 2, axis=0, keepdims=True)", "ms = jnp.sum(r * r, axis=0, keepdims=True)", "SF106"),
 ("const_psum_other_axis_of_reduced", 'return jax.lax.psum(r, "model")', 'return jax.lax.pmean(r, "model")', "SF106"),
 ("const_helper_returns_constant_unused", "return r + r", "return r + t", "SF106"),
 ("const_cast_inside_helper", '    v = jax.lax.pcast(v, axis, to="varying")\n', "    v = v\n", "SF106"),
 ("const_gather_other_axis_constant_reduced_elsewhere", 'wide = jax.lax.all_gather(block, "model", tiled=True, axis=1) * SCALE', 'wide = jax.lax.all_gather(block, "data", to="reduced", tiled=True) * SCALE', "SF106"),
 # config dicts and lists handed to factories
 ("cfg_caller_sets_key_before_call", '    TRAIN["axes"] = "data"\n', '    TRAIN["lr"] = "data"\n', "SF105"),
 ("cfg_helper_narrows_in_place", "    narrow(TRAIN)\n", "    len(TRAIN)\n", "SF105"),
 ("cfg_alias_changed", "    cfg = TRAIN\n", "    cfg = dict(TRAIN)\n", "SF105"),
 ("cfg_update_before_call", 'TRAIN.update(axes="data")', 'TRAIN.update(steps="data")', "SF105"),
 ("cfg_setdefault_fills_missing", 'TRAIN.setdefault("axes", "data")', 'TRAIN.setdefault("lr", "data")', "SF105"),
 ("cfg_dict_override_at_call", 'dict(TRAIN, axes="data")', 'dict(TRAIN, lr="data")', "SF105"),
 ("cfg_star_star_override_at_call", '{**TRAIN, "axes": ("data",)}', '{"axes": ("data",), **TRAIN}', "SF105"),
 ("cfg_deepcopy_changed_and_passed", "return make_step(mesh, cfg)(x)", "return make_step(mesh, TRAIN)(x)", "SF105"),
 ("cfg_copy_changed_original_narrow", "    wide = TRAIN.copy()\n", "    wide = TRAIN\n", "SF105"),
 ("cfg_two_call_sites_two_layouts", 'TRAIN = {"axes": "data", "spec": P("data", None)}', 'TRAIN = {"axes": ("data", "model"), "spec": P("data", None)}', "SF105"),
 ("cfg_global_replaced_before_call", "    configure()\n", "    pass\n", "SF105"),
 ("cfg_factory_trims_itself", 'cfg["axes"] = tuple(cfg["axes"][:1])', 'cfg["axes"] = tuple(cfg["axes"][:2])', "SF105"),
 ("cfg_list_popped_in_factory", "    axes.pop()\n", "    axes.copy()\n", "SF105"),
 ("cfg_mutated_after_factory_read_at_trace", '    TRAIN["axes"] = "data"\n', '    TRAIN["lr"] = "data"\n', "SF105"),
 ("cfg_captured_before_widening", "        return jax.lax.psum(block.sum(axis=0), axes)\n", '        return jax.lax.psum(block.sum(axis=0), cfg["axes"])\n', "SF105"),
 ("cfg_default_arg_dict_mutated", '    TRAIN["axes"] = "data"\n', '    TRAIN["lr"] = "data"\n', "SF105"),
 ("cfg_nested_dict_changed", '    red = TRAIN["reduce"]\n', '    red = dict(TRAIN["reduce"])\n', "SF105"),
 ("cfg_ior_update", 'TRAIN |= {"axes": "data"}', 'TRAIN |= {"lr": "data"}', "SF105"),
 ("cfg_extra_key_deleted", '    del TRAIN["extra"]\n', '    TRAIN.get("extra")\n', "SF105"),
 ("cfg_widen_copy_in_helper", "report = widened(list(AXES))", "report = widened(AXES)", "SF105"),
 ("cfg_cast_flag_in_config", '"cast": "model"}', '"cast": None}', "SF105"),
 ("cfg_pop_then_factory", '    TRAIN.pop("axes")\n', '    TRAIN.pop("lr")\n', "SF105"),
 # registries, functions in containers, methods
 ("reg_decorator_picks_rows", 'REDUCERS["rows"](block', 'REDUCERS["all"](block', "SF105"),
 ("reg_name_from_config_dict", '    TRAIN["reducer"] = "rows"\n', '    TRAIN["other"] = "rows"\n', "SF105"),
 ("reg_all_entry_popped", '    REDUCERS.pop("all")\n', '    REDUCERS.pop("rows")\n', "SF105"),
 ("reg_all_used_on_fully_split", 'full = REDUCERS["all"](block.sum())', 'full = REDUCERS["all"](jax.lax.psum(block.sum(), "model"))', "SF105"),
 ("reg_wrapper_casts_first", '@register("all", cast="model")', '@register("all")', "SF105"),
 ("reg_list_of_functions_index", "PIPELINE[1]", "PIPELINE[0]", "SF105"),
 ("reg_name_fn_pairs_filtered", 'if name == "rows":', 'if name == "all":', "SF105"),
 ("reg_bound_method_instance", "fn = ROWS.reduce", "fn = ALL.reduce", "SF105"),
 ("reg_subclass_overrides_method", "    head = RowHead()\n", "    head = Head()\n", "SF105"),
 ("reg_super_after_cast", "    head = CastHead()\n", "    head = Head()\n", "SF105"),
 ("reg_staticmethod_pmean_overridden_by_psum", "    head = Summing()\n", "    head = Base()\n", "SF106"),
 ("reg_staticmethod_psum_overridden_by_pmean_invariant", 's = jax.lax.psum(block, "data")', 's = jax.lax.all_gather(block, "data", to="reduced", tiled=True)', "SF106"),
 ("reg_classmethod_axes_attr", "Rows.reduce(", "Base.reduce(", "SF105"),
 ("reg_getattr_by_name", 'WHICH = "rows"', 'WHICH = "all"', "SF105"),
 ("reg_class_registry_instances", 'CLASSES["rows"]()', 'CLASSES["all"]()', "SF105"),
 ("reg_reduced_gather_registry_cast_entry", 'PREP["vary"](s)', 'PREP["plain"](s)', "SF101"),
 ("reg_reregistered_later", '@register("loss")\ndef _second', '@register("lossb")\ndef _second', "SF105"),
 # top_level_all_gather specs and context meshes
 ("tlag_json_spec", '["data", "model"]', '["model", "data"]', "SF104"),
 ("tlag_json_list_reversed", '    LAYOUT["w"].reverse()\n', '    LAYOUT["w"].copy()\n', "SF104"),
 ("tlag_argparse_explicit_argv", 'parse(["--layout", "data,model"])', "parse([])", "SF104"),
 ("tlag_argparse_choice_table", 'parse(["--layout", "row"])', "parse([])", "SF104"),
 ("tlag_helper_spec_by_name", 'spec_for("w")', 'spec_for("wt")', "SF104"),
 ("tlag_table_rows_loop", 'if name == "w":', 'if name == "wt":', "SF104"),
 ("tlag_table_dict_override", 'specs = dict(TABLE, w=P("data", "model"))', 'specs = dict(TABLE, v=P("data", "model"))', "SF104"),
 ("tlag_setdefault_existing", 'SPECS = {"w": P("data", "model")}', 'SPECS = {"v": P("data", "model")}', "SF104"),
 ("tlag_split_string_spec", 'AXES = "data model"', 'AXES = "model data"', "SF104"),
 ("tlag_jit_out_shardings_replaces", "w = step(a)", "w = a", "SF104"),
 ("tlag_jit_out_shardings_tuple_second", "_, w = step(a)", "w, _ = step(a)", "SF104"),
 ("tlag_jit_out_spec_under_mesh", 'out_shardings=P("data", "model")', 'out_shardings=P("model", "data")', "SF104"),
 ("tlag_exitstack_enter_context", "    stack.enter_context(jax.set_mesh(mesh))\n", "    stack.enter_context(contextlib.nullcontext())\n", "SF104"),
 ("tlag_exitstack_with_block", "        stack.enter_context(jax.set_mesh(mesh))\n", "        stack.enter_context(contextlib.nullcontext())\n", "SF104"),
 ("tlag_helper_gathers_inside_block", "    with jax.set_mesh(mesh):\n", "    if True:\n", "SF104"),
 ("tlag_reshard_after_json", '        w = jax.reshard(a, P("data", "model"))\n', "        w = a\n", "SF104"),
 ("tlag_dataclass_field_spec", 'layout = Layout(w=P("data", "model"))', "layout = Layout()", "SF104"),
 ("tlag_gather_dim1_only_transposed", 'P("model", None, reduced={"data"})', 'P("data", None, reduced={"model"})', "SF104"),
 ("tlag_env_spec_default", '"ADV6_LAYOUT", "data,model"', '"ADV6_LAYOUT", "model,data"', "SF104"),
 ("tlag_config_dict_to_factory", '    LAYOUT["w"] = ("data", "model")\n', '    LAYOUT["v"] = ("data", "model")\n', "SF104"),
 # mixed
 ("mix_cfg_prescale_flag", '    TRAIN["pre_scale"] = True\n', '    TRAIN["pre_scale"] = False\n', "SF106"),
 ("mix_registry_post_op_square", 'POST["square"](r)', 'POST["scale"](r)', "SF106"),
 ("mix_subclass_post_casts", "    post = CastPost()\n", "    post = Post()\n", "SF106"),
]
if __name__ == "__main__":
    for name, old, new, rule in T:
        src = (base / "clean" / f"{name}.py").read_text()
        assert src.count(old) == 1, (name, src.count(old))
        out = src.replace(old, new)
        a, b = src.splitlines(), out.splitlines()
        assert len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1, name
        (base / "twins" / f"{name}.py").write_text(out)
        print(name, rule)
