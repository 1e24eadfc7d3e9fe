"""GPT pretraining with sequence parallelism switched on from the command line.

One file, as a Megatron-LM/DeepSpeed-style script: the arguments, parallel_state, mappings,
layers and the pretrain() loop are pasted in below, then the model and the script itself.
Run on 8 devices.
"""
import argparse
import functools
import json
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# --------------------------------------------------------------------------
# megatron/arguments.py
# --------------------------------------------------------------------------


def _add_network_size_args(parser):
    group = parser.add_argument_group(title='network size')
    group.add_argument('--num-layers', type=int, default=2)
    group.add_argument('--hidden-size', type=int, default=32)
    group.add_argument('--ffn-hidden-size', type=int, default=64)
    group.add_argument('--num-attention-heads', type=int, default=4)
    group.add_argument('--seq-length', type=int, default=8)
    group.add_argument('--padded-vocab-size', type=int, default=64)
    group.add_argument('--num-experts', type=int, default=None)
    return parser


def _add_training_args(parser):
    group = parser.add_argument_group(title='training')
    group.add_argument('--micro-batch-size', type=int, default=4)
    group.add_argument('--global-batch-size', type=int, default=8)
    group.add_argument('--train-iters', type=int, default=1)
    group.add_argument('--clip-grad', type=float, default=1.0)
    group.add_argument('--loss-scale', type=float, default=None)
    group.add_argument('--checkpoint-activations', action='store_true')
    group.add_argument('--lr', type=float, default=1e-3)
    return parser


def _add_distributed_args(parser):
    group = parser.add_argument_group(title='distributed')
    group.add_argument('--tensor-model-parallel-size', type=int, default=4)
    group.add_argument('--sequence-parallel', action='store_true')
    group.add_argument('--deepspeed-config', type=str, default=None)
    return parser


def _add_logging_args(parser):
    group = parser.add_argument_group(title='logging')
    group.add_argument('--log-interval', type=int, default=1)
    group.add_argument('--log-params-norm', action='store_true')
    return parser


_GLOBAL_ARGS = None


def parse_args(extra_args_provider=None, args_defaults={}, argv=()):
    parser = argparse.ArgumentParser(description='Megatron-LM Arguments', allow_abbrev=False)
    parser = _add_network_size_args(parser)
    parser = _add_training_args(parser)
    parser = _add_distributed_args(parser)
    parser = _add_logging_args(parser)
    if extra_args_provider is not None:
        parser = extra_args_provider(parser)
    args = parser.parse_args(list(argv))
    for key, value in args_defaults.items():
        if getattr(args, key, None) is None or key not in vars(args):
            setattr(args, key, value)
    return args


def set_global_variables(extra_args_provider=None, args_defaults={}, argv=()):
    global _GLOBAL_ARGS
    _GLOBAL_ARGS = parse_args(extra_args_provider, args_defaults, argv)


def get_args():
    assert _GLOBAL_ARGS is not None, 'args is not initialized.'
    return _GLOBAL_ARGS


# --------------------------------------------------------------------------
# megatron/core/parallel_state.py
# --------------------------------------------------------------------------

_MESH = None
_TENSOR_MODEL_PARALLEL_AXIS = None
_DATA_PARALLEL_AXIS = None


def initialize_model_parallel(tensor_model_parallel_size=1, data_parallel_axis='dp',
                              tensor_model_parallel_axis='tp'):
    global _MESH, _TENSOR_MODEL_PARALLEL_AXIS, _DATA_PARALLEL_AXIS
    world_size = jax.device_count()
    assert world_size % tensor_model_parallel_size == 0
    data_parallel_size = world_size // tensor_model_parallel_size
    _MESH = jax.make_mesh((data_parallel_size, tensor_model_parallel_size),
                          (data_parallel_axis, tensor_model_parallel_axis))
    _DATA_PARALLEL_AXIS = data_parallel_axis
    _TENSOR_MODEL_PARALLEL_AXIS = tensor_model_parallel_axis


def model_parallel_is_initialized():
    return _MESH is not None


def get_mesh():
    return _MESH


def get_tensor_model_parallel_axis():
    return _TENSOR_MODEL_PARALLEL_AXIS


def get_data_parallel_axis():
    return _DATA_PARALLEL_AXIS


def get_tensor_model_parallel_world_size():
    return _MESH.shape[_TENSOR_MODEL_PARALLEL_AXIS]


def get_data_parallel_world_size():
    return _MESH.shape[_DATA_PARALLEL_AXIS]


def get_world_axes():
    return (_DATA_PARALLEL_AXIS, _TENSOR_MODEL_PARALLEL_AXIS)


# --------------------------------------------------------------------------
# megatron/core/tensor_parallel/mappings.py
# --------------------------------------------------------------------------


def copy_to_tensor_model_parallel_region(input_):
    return input_


def reduce_from_tensor_model_parallel_region(input_):
    return jax.lax.psum(input_, get_tensor_model_parallel_axis())


def gather_from_tensor_model_parallel_region(input_):
    return jax.lax.all_gather(input_, get_tensor_model_parallel_axis(), axis=input_.ndim - 1, tiled=True)


def reduce_scatter_to_sequence_parallel_region(input_):
    return jax.lax.psum_scatter(input_, get_tensor_model_parallel_axis(), scatter_dimension=0, tiled=True)


def gather_from_sequence_parallel_region(input_, tensor_parallel_output_grad=True):
    to = 'reduced' if tensor_parallel_output_grad else 'varying'
    return jax.lax.all_gather(input_, get_tensor_model_parallel_axis(), axis=0, tiled=True, to=to)


def scatter_to_sequence_parallel_region(input_):
    tp = get_tensor_model_parallel_axis()
    chunk = input_.shape[0] // get_tensor_model_parallel_world_size()
    return jax.lax.dynamic_slice_in_dim(input_, jax.lax.axis_index(tp) * chunk, chunk, axis=0)


# --------------------------------------------------------------------------
# megatron/core/tensor_parallel/layers.py
# --------------------------------------------------------------------------


def init_method_normal(sigma):
    def init_(key, shape):
        return sigma * jax.random.normal(key, shape, jnp.float32)
    return init_


class ColumnParallelLinear:
    """Y = XA + b with A split along its second dimension: A = [A_1, ..., A_p]."""

    def __init__(self, input_size, output_size, bias=True, gather_output=False,
                 init_method=init_method_normal(0.02), skip_bias_add=False):
        self.input_size, self.output_size = input_size, output_size
        self.bias, self.gather_output, self.skip_bias_add = bias, gather_output, skip_bias_add
        self.init_method = init_method

    def init(self, key):
        params = {'weight': self.init_method(key, (self.input_size, self.output_size))}
        if self.bias:
            params['bias'] = jnp.zeros((self.output_size,), jnp.float32)
        return params

    def partition_specs(self):
        tp = get_tensor_model_parallel_axis()
        specs = {'weight': P(None, tp)}
        if self.bias:
            specs['bias'] = P(tp)
        return specs

    def __call__(self, params, input_):
        input_parallel = copy_to_tensor_model_parallel_region(input_)
        output_parallel = input_parallel @ params['weight']
        if self.bias and not self.skip_bias_add:
            output_parallel = output_parallel + params['bias']
        if self.gather_output:
            return gather_from_tensor_model_parallel_region(output_parallel)
        return output_parallel


class RowParallelLinear:
    """Y = XA + b with A split along its first dimension and X along its second."""

    def __init__(self, input_size, output_size, bias=True, input_is_parallel=True,
                 init_method=init_method_normal(0.02), sequence_parallel=False):
        self.input_size, self.output_size = input_size, output_size
        self.bias, self.input_is_parallel = bias, input_is_parallel
        self.init_method, self.sequence_parallel = init_method, sequence_parallel

    def init(self, key):
        params = {'weight': self.init_method(key, (self.input_size, self.output_size))}
        if self.bias:
            params['bias'] = jnp.zeros((self.output_size,), jnp.float32)
        return params

    def partition_specs(self):
        specs = {'weight': P(get_tensor_model_parallel_axis(), None)}
        if self.bias:
            specs['bias'] = P()
        return specs

    def __call__(self, params, input_parallel):
        output_parallel = input_parallel @ params['weight']
        if self.sequence_parallel:
            output_ = reduce_scatter_to_sequence_parallel_region(output_parallel)
        else:
            output_ = reduce_from_tensor_model_parallel_region(output_parallel)
        if self.bias:
            output_ = output_ + params['bias']
        return output_


class VocabParallelEmbedding:
    """Embedding split along the vocabulary dimension."""

    def __init__(self, num_embeddings, embedding_dim, init_method=init_method_normal(0.02)):
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.init_method = init_method

    def init(self, key):
        return {'weight': self.init_method(key, (self.num_embeddings, self.embedding_dim))}

    def partition_specs(self):
        return {'weight': P(get_tensor_model_parallel_axis(), None)}

    def __call__(self, params, input_ids):
        tp = get_tensor_model_parallel_axis()
        per_partition = params['weight'].shape[0]
        start = jax.lax.axis_index(tp) * per_partition
        local_ids = input_ids - start
        mask = (local_ids < 0) | (local_ids >= per_partition)
        output_parallel = jnp.take(params['weight'], jnp.where(mask, 0, local_ids), axis=0)
        output_parallel = jnp.where(mask[..., None], 0.0, output_parallel)
        return reduce_from_tensor_model_parallel_region(output_parallel)



# --------------------------------------------------------------------------
# megatron/core/tensor_parallel/cross_entropy.py
# --------------------------------------------------------------------------


def vocab_parallel_cross_entropy(vocab_parallel_logits, target):
    tp = get_tensor_model_parallel_axis()
    logits_max = jax.lax.pmax(jax.lax.stop_gradient(jnp.max(vocab_parallel_logits, axis=-1)), tp)
    logits = vocab_parallel_logits - logits_max[..., None]
    partition_vocab_size = logits.shape[-1]
    vocab_start_index = jax.lax.axis_index(tp) * partition_vocab_size
    masked_target = target - vocab_start_index
    target_mask = (masked_target < 0) | (masked_target >= partition_vocab_size)
    masked_target = jnp.where(target_mask, 0, masked_target)
    predicted_logits = jnp.take_along_axis(logits, masked_target[..., None], axis=-1)[..., 0]
    predicted_logits = jax.lax.psum(jnp.where(target_mask, 0.0, predicted_logits), tp)
    sum_exp_logits = jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), tp)
    return jnp.log(sum_exp_logits) - predicted_logits


def average_losses_across_data_parallel_group(losses):
    averaged = jax.lax.pmean(jnp.stack(losses), get_data_parallel_axis())
    return averaged


# --------------------------------------------------------------------------
# megatron/model/transformer.py
# --------------------------------------------------------------------------


def layer_norm(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


class ParallelMLP:
    def __init__(self, args):
        self.sequence_parallel = args.sequence_parallel
        self.dense_h_to_4h = ColumnParallelLinear(args.hidden_size, args.ffn_hidden_size)
        self.dense_4h_to_h = RowParallelLinear(args.ffn_hidden_size, args.hidden_size,
                                               sequence_parallel=args.sequence_parallel)

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {'dense_h_to_4h': self.dense_h_to_4h.init(k1), 'dense_4h_to_h': self.dense_4h_to_h.init(k2)}

    def partition_specs(self):
        return {'dense_h_to_4h': self.dense_h_to_4h.partition_specs(),
                'dense_4h_to_h': self.dense_4h_to_h.partition_specs()}

    def __call__(self, params, hidden_states):
        """hidden_states: [s, b, h], sequence-sharded over the tensor axis under sequence parallelism."""
        ln_out = layer_norm(hidden_states)
        if self.sequence_parallel:
            ln_out = gather_from_sequence_parallel_region(ln_out)
        intermediate = jax.nn.gelu(self.dense_h_to_4h(params['dense_h_to_4h'], ln_out))
        return hidden_states + self.dense_4h_to_h(params['dense_4h_to_h'], intermediate)


# --------------------------------------------------------------------------
# deepspeed-style config and megatron/training.py
# --------------------------------------------------------------------------


def place(tree, specs):
    mesh = get_mesh()
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda x: isinstance(x, P))


def print_rank_0(message):
    print(message, flush=True)


def pretrain(train_valid_test_dataset_provider, model_provider, forward_step_func,
             extra_args_provider=None, args_defaults={}, argv=()):
    set_global_variables(extra_args_provider, args_defaults, argv)
    args = get_args()
    initialize_model_parallel(args.tensor_model_parallel_size)
    model, params = model_provider()
    train_ds, _, _ = train_valid_test_dataset_provider(
        [args.train_iters * args.global_batch_size, 0, 0])
    outputs = None
    with jax.set_mesh(get_mesh()):
        for iteration in range(args.train_iters):
            batch = train_ds[iteration]
            outputs = forward_step_func(batch, model, params)
            if (iteration + 1) % args.log_interval == 0:
                print_rank_0(f' iteration {iteration + 1:8d}/{args.train_iters:8d} |')
    return outputs

# --------------------------------------------------------------------------
# megatron/model/gpt_model.py
# --------------------------------------------------------------------------


class GPTModel:
    def __init__(self, args):
        self.sequence_parallel = args.sequence_parallel
        self.embedding = VocabParallelEmbedding(args.padded_vocab_size, args.hidden_size)
        self.layers = [ParallelMLP(args) for _ in range(args.num_layers)]

    def init(self, key):
        keys = jax.random.split(key, len(self.layers) + 1)
        return {'embedding': self.embedding.init(keys[0]),
                'layers': [layer.init(k) for layer, k in zip(self.layers, keys[1:])]}

    def partition_specs(self):
        return {'embedding': self.embedding.partition_specs(),
                'layers': [layer.partition_specs() for layer in self.layers]}

    def language_model(self, params, tokens):
        hidden = self.embedding(params['embedding'], tokens).transpose(1, 0, 2)  # [s, b, h]
        if self.sequence_parallel:
            hidden = scatter_to_sequence_parallel_region(hidden)
        for layer, layer_params in zip(self.layers, params['layers']):
            hidden = layer(layer_params, hidden)
        return hidden

    def output_layer(self, params, hidden):
        """Tied vocab-parallel output layer: [s, b, h] -> [b, s, v / tp]."""
        return jnp.einsum('sbh,vh->bsv', hidden, params['embedding']['weight'])


# --------------------------------------------------------------------------
# pretrain_gpt.py
# --------------------------------------------------------------------------


def model_provider():
    args = get_args()
    print_rank_0('building GPT model ...')
    model = GPTModel(args)
    params = model.init(jax.random.PRNGKey(1234))
    return model, place(params, model.partition_specs())


def train_valid_test_datasets_provider(train_val_test_num_samples):
    args = get_args()
    rng = np.random.default_rng(0)
    n = max(train_val_test_num_samples[0], args.global_batch_size)
    text = rng.integers(0, args.padded_vocab_size, size=(n, args.seq_length + 1)).astype(np.int32)
    train_ds = [{'text': text[i:i + args.global_batch_size]} for i in range(0, n, args.global_batch_size)]
    return train_ds, None, None


def get_batch(data):
    tokens_ = data['text']
    sharding = NamedSharding(get_mesh(), P(get_data_parallel_axis(), None))
    return jax.device_put(tokens_[:, :-1], sharding), jax.device_put(tokens_[:, 1:], sharding)


# --------------------------------------------------------------------------
# gpt_clean_sequence_parallel
# --------------------------------------------------------------------------


ARGS_DEFAULTS = {'tokenizer_type': 'GPT2BPETokenizer'}


def post_language_model_processing(model, params, hidden, labels):
    if get_args().sequence_parallel:
        hidden = gather_from_sequence_parallel_region(layer_norm(hidden))
    else:
        hidden = layer_norm(hidden)
    logits = model.output_layer(params, hidden)
    losses = vocab_parallel_cross_entropy(logits, labels)
    return jnp.mean(losses)


def forward_step(data, model, params):
    dp = get_data_parallel_axis()
    tokens, labels = get_batch(data)

    def loss_func(params, tokens, labels):
        hidden = model.language_model(params, tokens)
        lm_loss = post_language_model_processing(model, params, hidden, labels)
        return average_losses_across_data_parallel_group([lm_loss])

    step = jax.jit(jax.shard_map(loss_func, mesh=get_mesh(),
                                 in_specs=(model.partition_specs(), P(dp, None), P(dp, None)),
                                 out_specs=P()))
    return step(params, tokens, labels)


def inputs():
    return (['--tensor-model-parallel-size', '4', '--sequence-parallel'],)


def main(argv):
    loss = pretrain(train_valid_test_datasets_provider, model_provider, forward_step,
                    args_defaults=ARGS_DEFAULTS, argv=argv)
    print_rank_0(f'lm loss: {np.asarray(loss)}')


if __name__ == "__main__":
    main(*inputs())
