"""Token batches from a host loader; the attention mask is rebuilt from the full sequences."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("batch", "seq"))
PAD = 0


def load_batches(sharding, steps):
    for step in range(steps):
        local = (np.arange(8 * 32).reshape(8, 32) * (step + 1)) % 7
        yield jax.make_array_from_process_local_data(sharding, local)


def inputs():
    return (2,)


def main(steps):
    masks = []
    with jax.set_mesh(mesh):
        sharding = NamedSharding(mesh, P("batch", "seq"))
        for tokens in load_batches(sharding, steps):
            full_rows = top_level_all_gather(tokens, P("batch", None, reduced={"seq"}))
            masks.append(full_rows != PAD)
    return masks
