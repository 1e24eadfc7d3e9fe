"""Episode statistics for a rollout: mean response length over the whole mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

STATS_AXES = {"mean_length": ["dp"], "max_reward": ["dp", "tp"]}
REDUCERS = {"mean_length": jax.lax.pmean, "max_reward": jax.lax.pmax}


def episode_stats(mask, rewards):
    lengths = jax.lax.psum(mask.sum(axis=-1), "tp")
    out = {}
    for name, values in (("mean_length", lengths), ("max_reward", rewards.max())):
        out[name] = REDUCERS[name](values.mean() if values.ndim else values, tuple(STATS_AXES[name]))
    return out


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    s = NamedSharding(mesh, P("dp", "tp"))
    return mesh, jax.device_put(jnp.ones((8, 16)), s), jax.device_put(jnp.ones((8, 16)), s)


def main(mesh, mask, rewards):
    fn = jax.shard_map(episode_stats, mesh=mesh, in_specs=(P("dp", "tp"),) * 2,
                       out_specs={"mean_length": P(), "max_reward": P()})
    return fn(mask, rewards)


if __name__ == "__main__":
    main(*inputs())
