"""Which public names each JAX module has, release by release: written by
benchmarks/jax_names.py from the source of every JAX release from 0.4.35 (never by hand; run it
again for a new release). Read by codemods/analysis/library_members.py.

Per module: `exists` and `open` (a module whose names the source does not bound: only presence
is known) are version ranges; `always` names are present in every release; `changed` maps
ranges to the names present in those ranges only; `unknown` maps ranges to names (a submodule
the module does not import itself, a name bound under a condition) neither present nor absent
there. Ranges `a-b` hold for a <= version < b (`a-`: from a on), several joined by commas.
Names starting with an underscore are left out (unknown)."""

RELEASES = ('0.4.35', '0.4.36', '0.4.37', '0.4.38', '0.5.0', '0.5.1', '0.5.2', '0.5.3', '0.6.0', '0.6.1', '0.6.2', '0.7.0', '0.7.1', '0.7.2', '0.8.0', '0.8.1', '0.8.2', '0.8.3', '0.9.0', '0.9.1', '0.9.2', '0.10.0', '0.10.1', '0.10.2')

MODULES: dict[str, dict] = {
    'jax': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            Array Device NamedSharding ShapeDtypeStruct Shard api_util block_until_ready check_tracer_leaks
            checking_leaks checkpoint checkpoint_policies clear_caches closure_convert config custom_batching
            custom_derivatives custom_gradient custom_jvp custom_vjp debug debug_infs debug_key_reuse
            debug_nans default_backend default_device default_matmul_precision default_prng_impl device_count
            device_get device_put devices disable_jit distributed dlpack dtypes effects_barrier enable_checks
            enable_custom_prng ensure_compile_time_eval errors eval_shape explain_cache_misses float0 grad
            hessian host_count host_id host_ids image jacfwd jacobian jacrev jax2tf_associative_scan_reductions
            jit jvp lax legacy_prng_key linear_transpose linearize live_arrays local_device_count local_devices
            log_compiles make_array_from_callback make_array_from_process_local_data
            make_array_from_single_device_arrays make_jaxpr make_mesh monitoring named_call named_scope nn
            no_tracing numpy numpy_dtype_promotion numpy_rank_promotion ops pmap print_environment_info
            process_count process_index process_indices profiler pure_callback random remat scipy sharding
            softmax_custom_jvp stages threefry_partitionable transfer_guard transfer_guard_device_to_device
            transfer_guard_device_to_host transfer_guard_host_to_device tree tree_util typing value_and_grad
            vjp vmap
        ''',
        'changed': {
            '0.10.0-': 'ad',
            '0.10.1-': 'auto_pcast lib',
            '0.4.35-0.10.0': '''
                custom_transpose device_put_replicated device_put_sharded enable_custom_vjp_by_custom_transpose
            ''',
            '0.4.35-0.10.1': 'jax',
            '0.4.35-0.4.36': 'clear_backends',
            '0.4.35-0.6.0': '''
                tree_flatten tree_leaves tree_map tree_structure tree_transpose tree_unflatten treedef_is_leaf
            ''',
            '0.4.35-0.6.1': 'spmd_mode',
            '0.4.35-0.8.0': 'util',
            '0.5.0-': 'ffi',
            '0.5.1-0.5.3': 'get_ty',
            '0.5.3-': 'copy_to_host_async typeof',
            '0.6.1-': 'fwd_and_bwd shard_map',
            '0.7.0-': 'P smap',
            '0.7.1-': 'memory set_mesh',
            '0.7.1-0.9.0': 'ArrayRef array_ref',
            '0.7.2-': '''
                Ref make_user_context new_ref no_execution remove_size_one_mesh_axis_from_type
            ''',
            '0.8.0-': 'enable_x64 export freeze',
            '0.8.2-': 'reshard',
            '0.9.1-': '''
                allow_f16_reductions array_garbage_collection_guard ds empty_ref free_ref thread_guard
            ''',
        },
        'unknown': {
            '0.4.35-': '''
                BUILD ad_checkpoint cloud_tpu_init collect_profile core example_libraries experimental extend
                flatten_util interpreters test_util tools version
            ''',
            '0.4.35-0.10.1': 'lib',
            '0.4.35-0.8.0': 'export',
            '0.7.1-': 'ref',
            '0.9.0-0.9.1': 'thread_guard',
        },
    },
    'jax.lax': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            ConvDimensionNumbers ConvGeneralDilatedDimensionNumbers DotAlgorithm DotAlgorithmPreset
            DotDimensionNumbers FftType GatherDimensionNumbers GatherScatterMode Precision PrecisionLike
            RandomAlgorithm RoundingMethod ScatterDimensionNumbers abs abs_p acos acos_p acosh acosh_p add
            add_p after_all after_all_p all_gather all_gather_p all_to_all all_to_all_p and_p approx_max_k
            approx_min_k approx_top_k_p argmax argmax_p argmin argmin_p asin asin_p asinh asinh_p
            associative_scan atan atan2 atan2_p atan_p atanh atanh_p axis_index axis_index_p batch_matmul
            bessel_i0e bessel_i0e_p bessel_i1e bessel_i1e_p betainc bitcast_convert_type bitcast_convert_type_p
            bitwise_and bitwise_not bitwise_or bitwise_xor broadcast broadcast_in_dim broadcast_in_dim_p
            broadcast_shapes broadcast_to_rank broadcasted_iota cbrt cbrt_p ceil ceil_p clamp clamp_p clz clz_p
            collapse complex complex_p concatenate concatenate_p cond cond_p conj conj_p conv
            conv_dimension_numbers conv_general_dilated conv_general_dilated_local conv_general_dilated_p
            conv_general_dilated_patches conv_general_permutations conv_general_shape_tuple conv_shape_tuple
            conv_transpose conv_transpose_shape_tuple conv_with_general_padding convert_element_type
            convert_element_type_p copy_p cos cos_p cosh cosh_p create_token create_token_p cumlogsumexp
            cumlogsumexp_p cummax cummax_p cummin cummin_p cumprod cumprod_p cumsum cumsum_p
            custom_linear_solve custom_root device_put_p digamma digamma_p div div_p dot dot_general
            dot_general_p dtype dynamic_index_in_dim dynamic_slice dynamic_slice_in_dim dynamic_slice_p
            dynamic_update_index_in_dim dynamic_update_slice dynamic_update_slice_in_dim dynamic_update_slice_p
            eq eq_p eq_to_p erf erf_inv erf_inv_p erf_p erfc erfc_p exp exp2 exp2_p exp_p expand_dims expm1
            expm1_p fft fft_p floor floor_p fori_loop full full_like gather gather_p ge ge_p gt gt_p igamma
            igamma_grad_a igamma_grad_a_p igamma_p igammac igammac_p imag imag_p index_in_dim index_take
            integer_pow integer_pow_p iota iota_p is_finite is_finite_p le le_p le_to_p lgamma lgamma_p linalg
            linear_solve_p log log1p log1p_p log_p logistic logistic_p lt lt_p lt_to_p map max max_p min min_p
            mul mul_p ne ne_p neg neg_p nextafter nextafter_p not_p optimization_barrier optimization_barrier_p
            or_p pad pad_p padtype_to_pads pbroadcast platform_dependent pmax pmax_p pmean pmin pmin_p
            polygamma polygamma_p population_count population_count_p pow pow_p ppermute ppermute_p pshuffle
            psum psum_p psum_scatter pswapaxes ragged_dot random_gamma_grad real real_p reciprocal reduce
            reduce_and_p reduce_max_p reduce_min_p reduce_or_p reduce_p reduce_precision reduce_precision_p
            reduce_prod_p reduce_sum_p reduce_window reduce_window_max_p reduce_window_min_p reduce_window_p
            reduce_window_shape_tuple reduce_window_sum_p reduce_xor_p regularized_incomplete_beta_p rem rem_p
            reshape reshape_p rev rev_p rng_bit_generator rng_bit_generator_p rng_uniform rng_uniform_p round
            round_p rsqrt rsqrt_p scan scan_p scatter scatter_add scatter_add_p scatter_apply scatter_max
            scatter_max_p scatter_min scatter_min_p scatter_mul scatter_mul_p scatter_p scatter_sub
            scatter_sub_p select select_and_gather_add_p select_and_scatter_add_p select_and_scatter_p select_n
            select_n_p sharding_constraint_p shift_left shift_left_p shift_right_arithmetic
            shift_right_arithmetic_p shift_right_logical shift_right_logical_p sign sign_p sin sin_p sinh
            sinh_p slice slice_in_dim slice_p sort sort_key_val sort_p sqrt sqrt_p square squeeze squeeze_p
            stop_gradient stop_gradient_p sub sub_p switch tan tan_p tanh tanh_p top_k top_k_p transpose
            transpose_p while_loop while_p with_sharding_constraint xor_p zeta zeta_p
        ''',
        'changed': {
            '0.10.0-': 'broadcast_like',
            '0.10.1-': 'stack stack_p stage stage_p unstack unstack_p',
            '0.10.2-': 'mulhi mulhi_p',
            '0.4.35-0.4.36': 'scan_bind',
            '0.4.35-0.6.0': 'random_gamma_grad_p',
            '0.4.35-0.7.0': 'infeed infeed_p outfeed outfeed_p',
            '0.4.35-0.9.0': 'zeros_like_array',
            '0.4.36-': 'square_p',
            '0.4.38-': 'ragged_all_to_all ragged_all_to_all_p split split_p',
            '0.5.0-': 'composite',
            '0.5.1-': '''
                reduce_and reduce_max reduce_min reduce_or reduce_prod reduce_sum reduce_xor
            ''',
            '0.5.3-': 'RaggedDotDimensionNumbers ragged_dot_general',
            '0.6.0-': 'shape_as_value',
            '0.6.0-0.10.0': 'pvary',
            '0.6.0-0.7.0': 'jax',
            '0.6.1-': 'axis_size',
            '0.6.2-0.8.2': 'all_gather_invariant',
            '0.7.0-': 'dce_sink dce_sink_p precv psend',
            '0.7.2-': 'AccuracyMode Tolerance empty',
            '0.8.1-0.8.2': 'all_gather_reduced preduced unreduced_psum unreduced_psum_scatter',
            '0.8.2-': 'pcast',
            '0.9.0-': 'tile tile_p',
            '0.9.1-': 'scaled_dot',
            '0.9.1-0.10.0': 'all_gather_done all_gather_start',
        },
        'unknown': {
        },
    },
    'jax.numpy': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            ComplexWarning abs absolute acos acosh add all allclose amax amin angle any append apply_along_axis
            apply_over_axes arange arccos arccosh arcsin arcsinh arctan arctan2 arctanh argmax argmin
            argpartition argsort argwhere around array array_equal array_equiv array_repr array_split array_str
            asarray asin asinh astype atan atan2 atanh atleast_1d atleast_2d atleast_3d average bartlett
            bfloat16 bincount bitwise_and bitwise_count bitwise_invert bitwise_left_shift bitwise_not
            bitwise_or bitwise_right_shift bitwise_xor blackman block bool bool_ broadcast_arrays
            broadcast_shapes broadcast_to c_ can_cast cbrt cdouble ceil character choose clip column_stack
            complex128 complex64 complex_ complexfloating compress concat concatenate conj conjugate convolve
            copy copysign corrcoef correlate cos cosh count_nonzero cov cross csingle cumprod cumsum
            cumulative_sum deg2rad degrees delete diag diag_indices diag_indices_from diagflat diagonal diff
            digitize divide divmod dot double dsplit dstack dtype e ediff1d einsum einsum_path empty empty_like
            equal euler_gamma exp exp2 expand_dims expm1 extract eye fabs fft fill_diagonal finfo flatnonzero
            flexible flip fliplr flipud float16 float32 float64 float8_e4m3b11fnuz float8_e4m3fn
            float8_e4m3fnuz float8_e5m2 float8_e5m2fnuz float_ float_power floating floor floor_divide fmax
            fmin fmod frexp from_dlpack frombuffer fromfile fromfunction fromiter frompyfunc fromstring full
            full_like gcd generic geomspace get_printoptions gradient greater greater_equal hamming hanning
            heaviside histogram histogram2d histogram_bin_edges histogramdd hsplit hstack hypot i0 identity
            iinfo imag index_exp indices inexact inf inner insert int16 int32 int4 int64 int8 int_ integer
            interp intersect1d invert isclose iscomplex iscomplexobj isdtype isfinite isin isinf isnan isneginf
            isposinf isreal isrealobj isscalar issubdtype iterable ix_ kaiser kron lcm ldexp left_shift less
            less_equal lexsort linalg linspace load log log10 log1p log2 logaddexp logaddexp2 logical_and
            logical_not logical_or logical_xor logspace mask_indices matmul matrix_transpose max maximum mean
            median meshgrid mgrid min minimum mod modf moveaxis multiply nan nan_to_num nanargmax nanargmin
            nancumprod nancumsum nanmax nanmean nanmedian nanmin nanpercentile nanprod nanquantile nanstd
            nansum nanvar ndarray ndim negative newaxis nextafter nonzero not_equal number object_ ogrid ones
            ones_like outer packbits pad partition percentile permute_dims pi piecewise place poly polyadd
            polyder polydiv polyfit polyint polymul polysub polyval positive pow power printoptions prod
            promote_types ptp put quantile r_ rad2deg radians ravel ravel_multi_index real reciprocal remainder
            repeat reshape resize result_type right_shift rint roll rollaxis roots rot90 round s_ save savez
            searchsorted select set_printoptions setdiff1d setxor1d shape sign signbit signedinteger sin sinc
            single sinh size sort sort_complex spacing split sqrt square squeeze stack std subtract sum
            swapaxes take take_along_axis tan tanh tensordot tile trace transpose trapezoid tri tril
            tril_indices tril_indices_from trim_zeros triu triu_indices triu_indices_from true_divide trunc
            ufunc uint uint16 uint32 uint4 uint64 uint8 union1d unique unique_all unique_counts unique_inverse
            unique_values unpackbits unravel_index unsignedinteger unstack unwrap vander var vdot vecdot
            vectorize vsplit vstack where zeros zeros_like
        ''',
        'changed': {
            '0.10.2-': 'float6_e2m3fn float6_e3m2fn',
            '0.4.35-0.10.0': 'fix',
            '0.4.35-0.4.38': 'round_',
            '0.4.36-': 'cumulative_prod put_along_axis',
            '0.4.38-': 'matvec vecmat',
            '0.6.0-': 'float4_e2m1fn float8_e3m4 float8_e4m3 float8_e8m0fnu int2 uint2',
        },
        'unknown': {
            '0.4.35-0.6.0': 'int2 uint2',
            '0.4.36-0.6.0': 'float8_e3m4 float8_e4m3',
            '0.5.1-0.6.0': 'float8_e8m0fnu',
            '0.5.3-0.6.0': 'float4_e2m1fn',
            '0.9.1-': 'int1 uint1',
        },
    },
    'jax.sharding': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            AbstractMesh Mesh NamedSharding PartitionSpec Sharding SingleDeviceSharding
        ''',
        'changed': {
            '0.10.0-': 'ManualAxisType make_single_device_sharding',
            '0.4.35-0.10.0': 'PmapSharding',
            '0.4.35-0.7.0': 'GSPMDSharding PositionalSharding',
            '0.5.0-0.5.3': 'AxisTypes',
            '0.5.0-0.7.1': 'use_mesh',
            '0.5.3-': 'AxisType get_abstract_mesh set_mesh',
            '0.7.0-': 'auto_axes explicit_axes reshard',
            '0.7.2-': 'AbstractDevice use_abstract_mesh',
            '0.8.1-': 'get_mesh',
        },
        'unknown': {
        },
    },
    'jax.experimental': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            EArray io_callback primal_tangent_dtype
        ''',
        'changed': {
            '0.4.35-0.9.0': 'disable_x64 enable_x64',
            '0.6.0-0.8.2': 'saved_input_vjp si_vjp',
            '0.6.1-0.9.0': 'MutableArray mutable_array',
            '0.8.1-': 'cur_qdd',
        },
        'unknown': {
            '0.10.2-': 'control_deps',
            '0.4.35-': '''
                array_serialization checkify compilation_cache compute_on custom_partitioning jax2tf jet
                key_reuse layout mesh_utils mosaic multihost_utils ode pallas pjit profiler rnn
                serialize_executable shard_alike shard_map sparse topologies xla_metadata
            ''',
            '0.4.35-0.10.0': 'slab x64_context',
            '0.4.35-0.4.36': 'export',
            '0.4.35-0.5.0': 'array_api',
            '0.4.35-0.7.0': 'attrs',
            '0.4.35-0.8.0': 'host_callback',
            '0.4.36-': 'colocated_python roofline',
            '0.5.1-': 'source_mapper transfer',
            '0.5.1-0.10.0': 'custom_dce',
            '0.5.1-0.7.0': 'shard',
            '0.6.1-': 'buffer_callback',
            '0.7.1-': 'BUILD scheduling_groups',
            '0.7.2-': 'fused',
            '0.8.1-': 'hijax',
            '0.9.0-': 'random',
        },
    },
    'jax.experimental.shard_map': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            shard_map traceback_util
        ''',
        'changed': {
            '0.4.35-0.4.36': 'process_env_traces unzip3',
            '0.4.35-0.4.36,0.5.3-0.6.1': 'merge_lists',
            '0.4.35-0.5.0': 'shaped_abstractify',
            '0.4.35-0.5.1': 'argnums_partial flatten_fun_nokwargs',
            '0.4.35-0.6.0': 'custom_derivatives get_replication pbroadcast pbroadcast_p psum2_p',
            '0.4.35-0.6.1': '''
                AxisNames HashableFunction HashablePartial JaxType KeyPath MaybeTracer NamedSharding NoFail P
                PartitionSpec PyTreeDef RepType RewriteTrace RewriteTracer Sequence ShardMapPrimitive
                ShardMapTrace ShardMapTracer SpecErrorType T Tracer TypeVar Union Val ad ad_checkpoint ad_util
                ann annotations as_hashable_function batching broadcast_prefix callback config control_flow
                convolution core debugging dispatch dtypes eager_rules enum fft generate_key_paths
                get_mesh_from_args global_array_to_host_local_array host_local_array_to_global_array inspect ir
                it jax jnp keystr lax lax_parallel linalg lu map memoize mlir no_fail np op ops partial
                partition_list pe pjit pmap prefix_errors prng prod pxla random register_check
                register_norewrite register_reduction_collective register_rewrite register_standard_check
                register_standard_collective register_standard_rewrite sdy shard_map_p sharding_impls slicing
                source_info_util special split_list subs_list2 tree_flatten tree_leaves tree_map tree_structure
                tree_unflatten unsafe_map unsafe_zip unzip2 util windowed_reductions zip
            ''',
            '0.4.35-0.8.0': 'AbstractMesh Any AxisName Callable Hashable Mesh Specs',
            '0.4.36-0.5.3': 'AxisTypes set_abstract_mesh',
            '0.4.36-0.6.1': 'ffi',
            '0.4.38-0.6.1': 'get_abstract_mesh',
            '0.5.0-0.5.1': 'sharding_constraint_p',
            '0.5.1-0.6.1': 'api_util',
            '0.5.3-0.6.1': 'AxisType foreach use_abstract_mesh',
            '0.6.0-0.6.1': 'cd pvary pvary_p typeof',
            '0.6.1-': 'jshmap',
        },
        'unknown': {
        },
    },
    'jax.random': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            PRNGKey ball bernoulli beta binomial bits categorical cauchy chisquare choice clone dirichlet
            double_sided_maxwell exponential f fold_in gamma generalized_normal geometric gumbel key key_data
            key_impl laplace loggamma logistic lognormal maxwell multivariate_normal normal orthogonal pareto
            permutation poisson rademacher randint random_gamma_p rayleigh split t triangular truncated_normal
            uniform wald weibull_min wrap_key_data
        ''',
        'changed': {
            '0.10.1-': 'key_dtype',
            '0.5.3-': 'multinomial',
        },
        'unknown': {
        },
    },
    'jax.tree_util': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            DictKey FlattenedIndexKey GetAttrKey KeyEntry KeyPath Partial PyTreeDef SequenceKey all_leaves
            default_registry keystr register_dataclass register_pytree_node register_pytree_node_class
            register_pytree_with_keys register_pytree_with_keys_class register_static tree_all tree_flatten
            tree_flatten_with_path tree_leaves tree_leaves_with_path tree_map tree_map_with_path tree_reduce
            tree_structure tree_transpose tree_unflatten treedef_children treedef_is_leaf treedef_tuple
        ''',
        'changed': {
            '0.10.0-': 'is_tree_node',
            '0.10.2-': 'flatten_one_level flatten_one_level_with_keys',
            '0.4.35-0.7.0': 'build_tree',
            '0.6.2-': 'tree_broadcast',
            '0.7.0-': 'tree_reduce_associative',
        },
        'unknown': {
        },
    },
    'jax.tree': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            all flatten leaves map reduce structure transpose unflatten
        ''',
        'changed': {
            '0.4.38-': 'flatten_with_path leaves_with_path map_with_path',
            '0.6.2-': 'broadcast',
            '0.7.0-': 'reduce_associative',
            '0.9.1-': 'static',
        },
        'unknown': {
        },
    },
    'jax.nn': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            celu dot_product_attention elu gelu glu hard_sigmoid hard_silu hard_swish hard_tanh initializers
            leaky_relu log_sigmoid log_softmax logsumexp mish one_hot relu relu6 selu sigmoid silu soft_sign
            softmax softplus sparse_plus sparse_sigmoid squareplus standardize swish tanh
        ''',
        'changed': {
            '0.5.3-': 'scaled_dot_general scaled_matmul',
            '0.6.0-': 'get_scaled_dot_general_config identity',
            '0.7.1-': 'log1mexp logmeanexp',
        },
        'unknown': {
        },
    },
    'jax.debug': {
        'exists': '0.4.35-', 'open': '',
        'always': '''
            DebugEffect breakpoint callback inspect_array_sharding print visualize_array_sharding
            visualize_sharding
        ''',
        'changed': {
            '0.8.1-': 'log',
            '0.9.2-': 'OrderedDebugEffect',
        },
        'unknown': {
        },
    },
}
