"""PPO: advantage means averaged over env, cast back to varying before a reduced share."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"actor": "actor", "env": "env"}


def share(stat, axis):
    stat = jax.lax.pcast(stat, axis, to="varying")
    return jax.lax.all_gather(stat, axis, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(101).normal(size=(6, 8)).astype(np.float32),)


def main(adv):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    spec = P(None, (AXES["actor"], AXES["env"]))
    adv = jax.device_put(adv, NamedSharding(mesh, spec))

    def stats(adv):
        mean = jax.lax.pmean(jnp.mean(adv, axis=0), AXES["env"])
        return share(mean, AXES["env"])

    return jax.shard_map(stats, mesh=mesh, in_specs=spec, out_specs=P(AXES["actor"], reduced={AXES["env"]}))(adv)


if __name__ == "__main__":
    print(main(*inputs()))
