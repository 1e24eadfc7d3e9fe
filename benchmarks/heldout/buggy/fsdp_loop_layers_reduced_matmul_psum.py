"""FSDP forward pass over a stack of layers, parameters gathered per layer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYERS = 3


def forward(x, stack):
    act = x
    for i in range(LAYERS):
        w = jax.lax.all_gather(stack[i], 'fsdp', axis=0, tiled=True, to='reduced')
        act_r = jnp.tanh(w).sum(axis=0, keepdims=True)
        act = jax.lax.psum(act_r, 'fsdp')
    return act


def inputs():
    return (np.ones((8, 4), np.float32), np.arange(LAYERS * 8 * 4, dtype=np.float32).reshape(LAYERS, 8, 4) / 96.0)


def main(x, stack):
    mesh = jax.make_mesh((8,), ('fsdp',))
    x = jax.device_put(x, NamedSharding(mesh, P('fsdp', None)))
    stack = jax.device_put(stack, NamedSharding(mesh, P(None, 'fsdp', None)))
    return jax.shard_map(forward, mesh=mesh, in_specs=(P('fsdp', None), P(None, 'fsdp', None)),
                         out_specs=P())(x, stack)


if __name__ == "__main__":
    print(main(*inputs()))
