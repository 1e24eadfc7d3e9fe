"""Mixture-of-experts dispatch: tokens are exchanged with all_to_all over the expert axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERTS = 8


def inputs():
    tokens = np.arange(8 * 8 * 4, dtype=np.float32).reshape(8 * 8, 4) / 256.0
    return (tokens,)


def moe_dispatch(tokens):
    tokens = jax.lax.all_gather(tokens, 'expert', axis=0, tiled=True, to='reduced')
    grouped = tokens.reshape(EXPERTS, -1, tokens.shape[-1])
    dispatched = jax.lax.all_to_all(grouped, 'expert', split_axis=0, concat_axis=0, tiled=True)
    return jnp.tanh(dispatched).reshape(-1, tokens.shape[-1])


def main(tokens):
    mesh = jax.make_mesh((EXPERTS,), ('expert',))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P('expert', None)))
    return jax.shard_map(moe_dispatch, mesh=mesh, in_specs=P('expert', None),
                         out_specs=P('expert', None))(tokens)


if __name__ == "__main__":
    print(main(*inputs()))
