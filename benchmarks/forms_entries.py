"""How benchmarks/forms_audit.py calls each form of tests/data/forms, and what it was told by
reading them: lines it repairs by hand, forms it leaves out, and why the analysis is silent on the
unmarked lines where JAX raises."""
from __future__ import annotations

# How each form is called: a Python expression evaluated in the form's namespace, beside these
# names: mesh (2x4, axes i, j), mesh_dm (2x4, axes data, model), x and xd (8x8 float32 arrays
# replicated on mesh and mesh_dm), arr(*shape) (a fresh array on mesh), const(*shape) (an array on
# one device, for values a body closes over: JAX does not take closed-over arrays sharded on
# Explicit axes), on(m, shape=(8, 8)) (an array replicated on mesh m), in_mesh(mesh, fn) (calls fn under jax.set_mesh). Every name is built anew for
# each run (j3 donates its input). A tuple holds the program's own context first (it must run once
# its marked lines are repaired), then other contexts a negative depends on (they may raise).
ENTRIES = {
    "b1_branch": "run(mesh, x)",
    "b2_branch_helper": "run(mesh, x)",
    "b3_branch_negative": ("run(mesh, arr(8))", "run(mesh, x)"),
    "b4_ifexp": "run(mesh, x)",
    "b5_branch_raise": "run(mesh, x)",
    "b6_branch_config": "run(mesh, x)",
    "c1_two_funcs": "run(mesh, x)",
    "c2_partial_axis": "run(mesh, x)",
    "c3_kw_forward": "run(mesh, x)",
    "c4_two_funcs_kw": "run(mesh, x)",
    "c5_three_deep": "run(mesh, x)",
    "c6_method_forwarding": "Runner(mesh).run(x)",
    "c7_loss_fn_param": "run(mesh, x)",
    "c8_builder_stores_self": "Trainer(mesh).step(x)",
    "c9_wrapper_specs": "run(xd)",
    "c10_wrapper_specs_two_hops": "run(mesh, x)",
    "h1_cond_branches": "run(mesh, x)",
    "h2_switch_lambdas": "run(mesh, x, jnp.int32(1))",
    "h3_cond_result_state": "run(mesh, x)",
    "h4_while_loop": "run(mesh, x)",
    "h5_fori_closure": "run(mesh, x, x)",
    "h6_lax_map": "run(mesh, x)",
    "h7_vmap_then_gather": "run(mesh, x)",
    "h8_scan_partial": "run(mesh, x)",
    "h9_grad_inside": "run(mesh, x, x)",
    "h10_value_and_grad_aux": "run(mesh, x, x)",
    "h11_checkpoint_instance": "run(mesh, x)",
    "h12_nested_remat_decorator": "run(mesh, x)",
    "h13_scan_lambda_closure": "run(mesh, x, x)",
    "nh1_vmap_inner_gather": "run(mesh, x)",
    "nh2_cond_branches_differ": "run(mesh, x)",
    "nh3_map_batch_size": "run(mesh, x)",
    "nh4_branch_fn_used_elsewhere": "run(mesh, x)",
    "nh5_vmap_helper_also_direct": "run(mesh, x)",
    "h14_shared_body_two_mappers": "run(mesh, x)",
    "nh6_shared_body_mapper_not_called": "run(mesh, x)",
    "h15_vmap_decorated_then_gather": "run(mesh, x)",
    "nh8_vmap_decorated_helper": "run(mesh, x)",
    "nh9_custom_vjp_primal": "run(mesh, x)",
    "h16_checkpoint_as_body": "run(mesh, x)",
    "h17_custom_vjp_shared_helper": "run(mesh, x)",
    "h18_custom_vjp_fwd_calls_primal": "run(mesh, x)",
    "nh11_custom_vjp_fwd_only": "run(mesh, x)",
    "h19_scan_keywords": "run(mesh, x)",
    "h20_value_and_grad_params_dict": "run(mesh, {'w': arr(8, 8), 'b': arr(8)}, arr(8, 8))",
    "h21_method_branches": "run(mesh, x)",
    "nh12_method_branch_called_outside": "run(mesh, x)",
    "nh13_switch_branches_module_tuple": "run(mesh, x)",
    "j1_jit_builder": "make_step(mesh)(x)",
    "j2_jit_stacked": "step(x)",
    "j3_jit_partial_stacked": "make(mesh)(x)",
    "j4_jit_of_builder_result": "make_step(mesh)(x)",
    "j5_jit_partial_mapper": "make(mesh)(x)",
    "j6_jit_decorated_outer": "step(mesh, x)",
    "j7_jit_method_builder": "Trainer(mesh).train_step(x)",
    "j8_experimental_positional": "make(mesh)(x)",
    "l1_loop_items_differ": "run(mesh, x, x)",
    "m1_static_method": "run(mesh, x)",
    "m2_eqx_call": "run(mesh, x)",
    "m3_dataclass_field": "main(mesh, x)",
    "m4_cfg_axes": "run(mesh, x)",
    "m5_type_self": "Trainer().run(mesh, x)",
    "m6_cls_axis": "Trainer.run(mesh, x)",
    "m7_helper_method": "Trainer().run(mesh, x)",
    "m8_step_self_mesh_attr": "Trainer(mesh).step(x)",
    "m9_eqx_lambda": "run(mesh, x)",
    "m10_eqx_field_positional": "run(mesh, const(4, 8), x)",
    "m11_init_from_config": "main(mesh, x)",
    "m12_partial_self_axis": "Trainer().run(mesh, x)",
    "m13_self_config_nested": "main(mesh, x)",
    "m14_self_call_method": "Block().sharded(mesh)(x)",
    "m15_property_axis": "run(mesh, x)",
    "m16_lambda_self_method": "Trainer(mesh).run(x)",
    "m17_partial_class_method_self": "Trainer(mesh).run(x)",
    "m18_module_instance_method": "run(mesh, x)",
    "m19_factory_classmethod": "main(mesh, x)",
    "m21_local_base_class_attr": "Trainer().run(mesh, x)",
    "m22_model_on_self_lambda": "main(mesh, x)",
    "m23_config_init_beside_module": "main(mesh, x)",
    "n1_dc_other_axis": "main(mesh, x)",
    "n2_dc_two_constructions": ("Block('j').run(mesh, x)", "Block().run(mesh, x)"),
    "n3_init_store": "main(mesh, x)",
    "n4_init_store_changed": "main(mesh, x)",
    "n5_replace": "run(mesh, x)",
    "n6_factory": "main(mesh, x)",
    "n7_positional_field": "main(mesh, x)",
    "n8_cfg_instance_init": "run(mesh, x)",
    "n9_cfg_module_rebound": "(configure('j'), run(mesh, x))",
    "n10_eqx_called_elsewhere": "run(mesh, x)",
    "n11_branch_config_other": "run(mesh, x)",
    "nh7_shared_body_mapper_rebound": ("run(mesh, x, True)", "run(mesh, x, False)"),
    "nh10_shared_body_mapper_called_if": ("run(mesh, x, False)", "run(mesh, x, True)"),
    "n12_builder_two_fns": ("run(mesh, x)", "make_step(mesh, summed)(x)"),
    "n13_self_mapper_reassigned": ("main(Trainer(mesh))", "Trainer(mesh).compile()(x)"),
    "n14_config_two_constructions": "main(mesh, x)",
    "n16_dict_item_rebound": "run(mesh, x)",
    "n17_dict_mutated_in_helper": "run(mesh, x)",
    "n18_list_mutated": "run(mesh, x)",
    "n21_chain_param_rebound": "run(mesh, x)",
    "n22_kw_only_fields": "main(mesh, x)",
    "n23_wrapper_specs_disagree": "run(xd)",
    "n24_property_other_axis": "run(mesh, x)",
    "n25_module_instance_other_axis": "run(mesh, x)",
    "n26_factory_other_axis": "main(mesh, x)",
    "n27_model_on_self_called_outside": "main(mesh, x)",
    "n28_sf104_self_attr_subclassed": ("in_mesh(mesh, lambda: Trainer().gather(mesh, x))",
                                       "in_mesh(mesh, lambda: Swapped().gather(mesh, x))"),
    "n29_sf104_dataclass_self": ("in_mesh(mesh, lambda: main(mesh, x))",
                                 "in_mesh(mesh, lambda: Gatherer().gather(mesh, x))"),
    "n30_sf104_class_attr_assigned": ("in_mesh(mesh, lambda: main(mesh, x, False))",
                                      "in_mesh(mesh, lambda: main(mesh, x, True))"),
    "n31_sf104_config_positional": ("main(mesh, x, {'data': 'i', 'model': 'j'})",
                                    "main(mesh, x, {'data': 'j', 'model': 'i'})"),
    "n32_tree_map_is_leaf_subtree": "run(mesh, {'w': arr(4, 8), 'b': (x, x)})",
    "n33_store_in_base_init": ("main(mesh, x)", "jax.shard_map(Block('i'), mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, 'j', reduced={'i'}))(x)"),
    "n34_init_called_on_other": "main(mesh, x)",
    "n35_store_in_other_method": "main(mesh, x)",
    "n36_sf104_axis_tuples_unknown": ("main(x, ('i', 'j'))", "main(x, ('j', 'i'))"),
    "n37_tuple_literal_unknown_item": "run(mesh, x, x, (const(8, 8),))",
    "n51_sf104_attribute_set_elsewhere": ("(swap(), main(x))",),

    "n76_plain_enum_member": "run(xd)",
    "n77_names_changed": "run(xd)",
    "n78_unknown_extra_args": "run(xd, mesh_dm)",
    "a1_dict_table": "run(xd)",
    "a2_enum_value": "run(xd)",
    "a3_builder_closure": "run(xd)",
    "a4_kwargs_config": "run(xd)",
    "a5_star_rest": "run(xd)",
    "a6_sliced": "run(xd)",
    "a7_logical_rules": "run(xd)",
    "a8_mesh_axis_names": "run_made(xd)",  # run(): a Mesh of Auto axes, which the audit cannot place inputs on
    "a9_default_arg": "run(xd)",
    "a10_mesh_param_builder": "run(xd)",
    "p1_dict_psum": "run(mesh, x)",
    "p2_tree_util_map": "run(mesh, {'w': x, 'b': x})",
    "p3_tree_map_partial": "run(mesh, {'w': x, 'b': x})",
    "p4_tree_map_two_trees": "run(mesh, {'w': x}, {'w': x})",
    "p5_opt_state": "run(mesh, x, x)",
    "p6_tuple_return": "run(mesh, x, x)",
    "p7_list_psum": "run(mesh, x, x)",
    "p8_dict_in_specs": "run(mesh, {'w': x, 'b': x})",
    "p9_list_comp": "run(mesh, x, x)",
    "p10_dict_comp_items": "run(mesh, x, x)",
    "p11_tree_util_partial_psum": "run(mesh, {'w': x, 'b': x})",
    "p12_opt_state_nested_specs": "run(mesh, {'params': {'w': x}, 'opt': {'mu': x, 'nu': x}})",
    "p14_tree_leaves_loop": "run(mesh, {'w': x, 'b': x})",
    "p15_tuple_pytree_psum_pcast": "run(mesh, x, x)",
    "p16_tuple_tree_map_index": "run(mesh, x, x)",
    "p17_tree_leaves": "run(mesh, {'w': x, 'b': x})",
    "p18_specs_mult": "run(mesh, x, x)",
    "p19_params_tree_gather": "run(mesh, {'w': x, 'b': x}, x)",
    "p20_loop_builds_dict": "run(mesh, {'w': x, 'b': x})",
    "p21_loop_over_names": "run(mesh, {'w1': x, 'w2': x})",
    "p22_tree_map_partial_psum_reduced": "run(mesh, {'w': x, 'b': x})",
    "p23_tree_map_is_leaf": "run(mesh, {'w': x, 'b': (x, x)})",
    "p24_tuple_literal_mixed_axes": "run(mesh, x, x)",
    "q1_alias_namespace": "run(mesh, x)",
    "q2_checkpoint_body": "run(mesh, x)",
    "q3_checkpoint_helper": "run(mesh, x)",
    "q4_nested_checkpoint": "run(mesh, x)",
    "q5_jit_helper": "run(mesh, x)",
    "q6_wraps_decorator": "run(mesh, x)",
    "q7_checkpoint_call": "run(mesh, x)",
    "r1_trainer_full": "main({'w': xd, 'b': xd}, xd)",
    "r2_eqx_model": "make(mesh, const(4, 8))(x)",
    "s1_sf104_class_attributes": "(main(x), in_mesh(mesh, lambda: Trainer(mesh).gather(x)))",
    "s2_sf104_constant_axis_tuples": "main(x)",
    "s3_sf104_spec_tables": "main(x)",
    "s4_sf104_spec_arguments": "main(x)",
    "s5_sf104_pytree_leaves": "(main({'w': x, 'b': x}), exported({'w': x, 'b': x}))",
    "s6_sf104_three_axes": "main(x)",
    "v1_mapper": "make(mesh)(x)",
    "v2_mapper_local_alias": "make(mesh)(x)",
    "v3_module_mapper_decorator": "step(x)",
    "v4_mapper_compared": "make(mesh)(x)",
    "v5_self_mapper": "Trainer(mesh).compile()(x)",
    # forms merged after the first audit. A body whose branch or loop count is a Python value is
    # mapped here with that value bound (its run() would trace it), and out_specs that fit the
    # repaired body; the form's own run() line is not called then.
    "b7_branch_axes_agree": ("run(mesh, x)", "run(mesh, arr(8, 8, 2))"),
    "b8_if_no_else_other_axis": ("run(mesh3, x3)", "run(mesh3, arr3(8, 8, 2))"),
    "b9_ifexp_other_axis": tuple(
        f"jax.shard_map(lambda x: body(x, {flag}), mesh=mesh3, in_specs=P(('i', 'j'), 'k'), "
        "out_specs=P(None, 'k', reduced={'i', 'j'}))(x3)" for flag in (True, False)),
    "b10_elif_other_axis": tuple(
        f"jax.shard_map(lambda x: body(x, {mode}), mesh=mesh, in_specs=P('i', 'j'), "
        "out_specs=P(None, 'j', reduced={'i'}))(x)" for mode in (0, 1, 2)),
    "b11_elif_agree_on_axis": tuple(
        f"jax.shard_map(lambda x: body(x, {mode!r}), mesh=mesh, in_specs=P('i', 'j'), "
        "out_specs=P(None, 'j'))(x)" for mode in ("gather", "sum", "max")),
    "l2_loop_gathers_again": "run(mesh, x)",
    "l3_ring_psum_then_gather": "run(mesh, x)",
    "l4_loop_items_later": "run(mesh, x, x)",
    "l5_loop_state_changes": "run(mesh, x)",
    "l6_loop_unknown_count_other_axis": tuple(
        f"jax.shard_map(lambda x: body(x, {n}), mesh=mesh3, in_specs=P('i', ('j', 'k')), "
        "out_specs=P(None, 'k'))(x3)" for n in (0, 1, 2)),
    "l7_loop_zip_enumerate": "run(mesh, x, x)",
    "l8_later_round_stops_at_first": "run(mesh, x)",
    "l9_nested_later_rounds": "run(mesh, x, x)",
    # n and the row count decide how often lines 8 and 10 run: once each first (no raise), then
    # twice each (JAX raises in the second round)
    "n38_loop_may_not_repeat": tuple(
        f"jax.shard_map(lambda x: body(x, {n}), mesh=mesh3, in_specs=P('i', ('j', 'k')), "
        f"out_specs=P({out}))(arr3({rows}, 8))"
        for n, rows, out in ((1, 32, "None, reduced={'i', 'j', 'k'}"), (0, 64, "'i', reduced={'j', 'k'}"),
                             (2, 16, "None, reduced={'i', 'j', 'k'}"), (0, 8, "'i', reduced={'j', 'k'}"))),
    # other.value: a closed-over array of the leaf's shape, and one of another shape
    "n39_tree_leaf_unknown": tuple(
        f"jax.shard_map(lambda w, b: body(w, b, type('Other', (), {{'value': const({rows}, 8)}})()), "
        "mesh=mesh, in_specs=(P('i'), P('i')), out_specs=P(None, reduced={'i'}))(x, x)" for rows in (4, 8)),
    "n40_loop_first_round_fails": "run(mesh, x)",
    "p30_dict_leaf_fails": "run(mesh, x, x)",
    "p31_tree_map_then_gather": "run(mesh, x, x)",
    "p32_tuple_psum_tuple_axes": "run(mesh, x, x)",
    "p33_tree_map_leaf_fails": "run(mesh, x, x)",
    "p34_tree_map_tuple_gather": "run(mesh, x, x)",
    "p35_comprehension_mixed": "run(mesh, x, x)",
    "t1_tuple_concat": "run(mesh, x)",
    # forms merged with discovery: most build their own mesh at import or in main()
    # c11, c13, c14: the second gather leaves its result varying on j once repaired, which the
    # form's out_specs P("i") does not allow, so the body is mapped with out_specs that fit
    "c11_config_object_to_builder": "jax.shard_map(partial(body, cfg=Config()), mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', 'j'))(x)",
    "c12_config_helper_gather": "step(x)",
    "c13_config_from_caller_local": "jax.shard_map(lambda v: loss_fn(v, Config()), mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', 'j'))(x)",
    "c14_factory_body_config": "jax.shard_map(make_body(Config()), mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', 'j'))(x)",
    "c15_factory_body_constant": "f(x)",
    "c16_config_default_param": "f(x)",
    "c17_config_to_init_builder": "main().fn(x)",
    "c18_config_nested_factory": "main()(x)",
    "c19_config_two_hops_annotated": "main()(x)",
    "c20_param_named_like_body": "make(mesh)(x)",
    "c21_builder_param_same_name": "step(x)",
    "c22_config_to_method_builder": "main()(x)",
    "c23_config_in_trainer_build": "main()(x)",
    "c24_builder_model_method": "step(x, x)",
    "c25_config_partial_keyword_axis": "fn(x)",
    "c26_axes_default_object": "compile_step(jax.make_mesh((2, 4), ('data', 'fsdp')))(x, x)",
    "c27_parallel_dataclass_sf102": "main()(x)",
    "c28_config_init_default_ppermute": "f(on(jax.make_mesh((4,), ('tp',))))",
    "j9_jit_method_receiver": "Trainer(mesh).step(x)",
    "j10_builder_decorator": "step(x)",
    "j11_decorator_factory": "step(x)",
    "j12_decorator_factory_nested_def": "main(x)",
    # step2's decorator maps it with in_specs P("i") on a mesh of axis j: JAX refuses the call
    # before tracing, so line 23 is never reached
    "j13_decorator_factory_two_axes": ("step(x)", "step2(on(jax.make_mesh((8,), ('j',))))"),
    "m24_call_attribute_body": "run(mesh, x)",
    "m25_blocks_list_loop": "run(mesh, x)",
    "m26_blocks_comprehension_in_body": "run(mesh, x)",
    "m27_blocks_on_self": "run(mesh, x)",
    # repaired, the second block leaves its result reduced on j too, which the form's out_specs omit
    "m28_blocks_two_axes": "jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P(None, reduced={'i', 'j'}))(x)",
    "m29_init_constant_axis": "Trainer(0.1).compile(mesh)(x)",
    "m30_model_on_self_fixed": "Trainer().compile(mesh)(x)",
    "m31_method_name_shadowed_locally": "main()(x)",
    "m32_layers_from_config_depth": "f(x)",
    "m33_block_partial_keyword": "run(mesh, x)",
    "m34_model_through_loss_fn": "make_step(jax.make_mesh((8,), ('data',)))(x)",
    "m35_blocks_enumerate_tuple": "f(x)",
    "m36_blocks_enumerate_dict_out": "f(x)",
    "m37_module_blocks_unpacked_axes": "forward(x)",
    "m38_encoder_call_attribute": "build(mesh)(x)",
    "m39_eqx_layers_list": "run(x, jax.make_mesh((8,), ('mp',)))",
    "m40_attention_partial_keyword": "step(x, x)",
    "m41_loss_module_sf105": "step(x)",
    "m42_trainer_from_factory": "f(x)",
    "m43_trainer_keyword_config": "compile_step(jax.make_mesh((8,), ('data',)))(x)",
    "m44_module_trainer_constant": "train_step(x, x)",
    "m45_method_alias": "build(jax.make_mesh((8,), ('batch',)))(x)",
    "r3_trainer_config_dense": "main()(x, x)",
    "r4_local_step_builder": "train_step(arr(8, 8), x)",
    # one context per mapped body: each stops at its own marked line. Repaired, the gathers of
    # f_9-f_11 (x1) and x6 leave a varying result that out_specs P() refuses: x1 starts with a
    # body that runs, and x6 is mapped with out_specs that fit
    "x1_reshape_methods": tuple(f"f_{n}(x)" for n in (*range(12, 25), 9, 10, 11)),
    "x2_array_methods": tuple(f"f_{name}(x)" for name in ["body", *(f"body{n}" for n in range(2, 13))]),
    "x3_reshape_shape_tuple_in_module": "main()(x)",
    "x4_varying_reshape_chain_sf105": "f(x)",
    "x5_reduced_transpose_reshape_sum": "f(x)",
    "x6_astype_reshape_tuple_gather": "jax.shard_map(body, mesh=jax.make_mesh((8,), ('i',)), in_specs=P('i'), out_specs=P('i'))(x)",
    "c29_config_from_getter": "build(jax.make_mesh((2, 4), ('dp', 'tp')))(x)",
}

# Lines the harness cannot repair by casting a collective's input: form -> {line: replacement}
# (same line count, so the numbers of the other lines stay).
LINE_FIXES: dict[str, dict[int, str]] = {
    "p19_params_tree_gather": {12: '    y = x * lax.pcast(full["w"], "i", to="varying")'},
    # AXES[2] is out of range (the analysis is rightly silent); an lru_cache cannot hash an array
    "n36_sf104_axis_tuples_unknown": {29: "        c = None", 33: "        g = shard_rows.__wrapped__(mesh, x)"},
}

# Forms left out, with the reason.
NOT_RUN: dict[str, str] = {
    "n50_sf104_tables_unknown": "negatives whose unknowns come from an imported module (mylib) and a key parameter",
}

# Unmarked lines where JAX raises in the program's own context, each read by hand: why the
# analysis stays silent there (a recall gap by design, never a precision question).
_UNDER_VMAP = ("all_gather(to='reduced') under vmap raises NotImplementedError, cast or not: not the rule's "
               "error, and its fix would not help")
_CALLED_ELSEWHERE = "the body is a method that code outside shard_map may call, so its states are not known"
NOTES: dict[tuple[str, int], str] = {
    ("n76_plain_enum_member", 22): "a plain Enum member is not its value: JAX fails on the axis name itself "
                                   "(AssertionError), not with SF105's words; taking it for 'data' was a wrong finding",
    ("n77_names_changed", 18): "the axis list is changed in place (append): changed containers are not read",
    ("n77_names_changed", 19): "the dict(RULES) table is changed afterwards: changed containers are not read",
    ("n78_unknown_extra_args", 14): "**CFG is spread into partial: keywords spread from a dict are not read",
    ("n78_unknown_extra_args", 18): "a body's *xs: how many arrays shard_map passes is not counted",
    ("m14_self_call_method", 14): _CALLED_ELSEWHERE,
    ("n10_eqx_called_elsewhere", 16): _CALLED_ELSEWHERE,
    ("n27_model_on_self_called_outside", 15): _CALLED_ELSEWHERE,
    ("n32_tree_map_is_leaf_subtree", 15): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 17): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 19): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n32_tree_map_is_leaf_subtree", 21): "is_leaf subtrees are followed only for a collective on the leaf",
    ("n34_init_called_on_other", 11): "equinox forbids the store (FrozenInstanceError): the program never "
                                      "reaches shard_map",
    ("n35_store_in_other_method", 14): "equinox forbids the store (FrozenInstanceError): the program never "
                                       "reaches shard_map",
    ("n36_sf104_axis_tuples_unknown", 29): "AXES[2] is out of range: the call is never made",
    ("n36_sf104_axis_tuples_unknown", 32): "the helper's spec argument names main's parameter axes",
    ("n36_sf104_axis_tuples_unknown", 33): "functools.lru_cache cannot hash a jax.Array (the program's own bug)",
    ("n36_sf104_axis_tuples_unknown", 34): "the input comes from an lru_cache-wrapped helper",
    # reached only because the harness repaired the marked line above: unrepaired, the program
    # stops there, so `# none` is right (no recall gap)
    ("l8_later_round_stops_at_first", 10): "reached only once line 9 is repaired (round 2 stops at line 9)",
    ("l9_nested_later_rounds", 11): "reached only once line 10 is repaired (round 2 stops at line 10)",
    ("n40_loop_first_round_fails", 9): "reached in round 2 only once line 8 is repaired (round 1 stops at "
                                       "line 8)",
    # a recall gap: JAX raises here under every binding of other.value tried, since leaf 'w' is
    # invariant whatever leaf 'a' is; but JAX checks 'a' first, so the rule depends on it (checked
    # on 8 CPU devices: a reduced 'a' is SF103's case, a Python float fails on its shape, an array
    # 'a' that varies or not leaves SF101 at 'w'), and no finding can name the rule for certain
    ("n39_tree_leaf_unknown", 8): "JAX raises whatever 'a' is (leaf 'w' is invariant), but the rule it "
                                  "raises depends on the unknown leaf 'a', checked first",
    ("nh1_vmap_inner_gather", 8): _UNDER_VMAP,
    ("nh3_map_batch_size", 8): _UNDER_VMAP,
    ("nh5_vmap_helper_also_direct", 8): _UNDER_VMAP,
    ("nh2_cond_branches_differ", 8): "the branches give different types: JAX rejects the cond itself (TypeError) "
                                     "before the gather",
    ("nh8_vmap_decorated_helper", 7): _UNDER_VMAP,
    ("nh9_custom_vjp_primal", 7): "a custom_vjp primal: under differentiation JAX traces the fwd rule instead",
    ("nh12_method_branch_called_outside", 8): _CALLED_ELSEWHERE,
    ("nh12_method_branch_called_outside", 14): _CALLED_ELSEWHERE,
    ("nh13_switch_branches_module_tuple", 6): "the branch is reached through a module tuple other code may call",
    ("nh4_branch_fn_used_elsewhere", 8): "the branch function is also kept in a module dict that other code may call",
}
