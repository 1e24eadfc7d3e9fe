"""Chunked prefill: long prompts are cut into chunks and the leftover work moves round the slots."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SLOT = "slot"
REPLICA = "replica"
CHUNK_SIZES = (256, 128, 64)


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def chunked_prefill(remaining, *, num_slots):
    scheduled = []
    leftover = []
    for chunk in CHUNK_SIZES:
        take = jnp.minimum(remaining, chunk)
        remaining = remaining - take
        scheduled.append(take)
        visible = jax.lax.all_gather(remaining, SLOT, axis=1, tiled=True, to="reduced")
        leftover.append(jax.lax.ppermute(visible, SLOT, perm=ring(num_slots)))
    return jnp.stack(scheduled, axis=0), jnp.stack(leftover, axis=0)


def inputs():
    rng = np.random.default_rng(2)
    return (rng.integers(0, 1024, size=(8, 16)).astype(np.float32),)


def main(prompt_lens):
    mesh = jax.make_mesh((2, 4), (REPLICA, SLOT))
    prompt_lens = jax.device_put(prompt_lens, NamedSharding(mesh, P(REPLICA, SLOT)))
    body = functools.partial(chunked_prefill, num_slots=mesh.shape[SLOT])
    step = jax.shard_map(body, mesh=mesh, in_specs=P(REPLICA, SLOT),
                         out_specs=(P(None, REPLICA, SLOT), P(None, REPLICA, SLOT)))
    return step(prompt_lens)


if __name__ == "__main__":
    main(*inputs())
