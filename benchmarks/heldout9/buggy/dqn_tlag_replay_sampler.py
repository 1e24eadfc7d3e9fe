"""Replay sampler yielding global batches with jax.make_array_from_process_local_data; the
sampled observations are collected per environment shard to compute visitation counts."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"obs": P(("env", "model"), None), "action": P(("env", "model"))}
COLLECT = {"obs": P(None, None, reduced={"env", "model"}), "action": P("model", reduced={"env"})}


def sample_batches(mesh, buffer, batch_size=16, steps=2):
    rng = np.random.default_rng(0)
    for _ in range(steps):
        idx = rng.integers(0, len(buffer["obs"]), batch_size)
        yield {k: jax.make_array_from_process_local_data(NamedSharding(mesh, LAYOUT[k]), v[idx])
               for k, v in buffer.items()}


def main(obs, action):
    mesh = jax.make_mesh((4, 2), ("env", "model"))
    collected = []
    with jax.set_mesh(mesh):
        for batch in sample_batches(mesh, {"obs": obs, "action": action}):
            collected.append({k: top_level_all_gather(batch[k], COLLECT[k]) for k in ("obs", "action")})
    return collected


def inputs():
    obs = np.asarray(jax.random.normal(jax.random.key(53), (64, 4)))
    action = np.asarray(jax.random.randint(jax.random.key(54), (64,), 0, 3))
    return obs, action
