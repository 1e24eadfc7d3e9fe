"""System identification: identified friction / mass parameters synchronised across members."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SysIdTrainer:
    member_axis = "member"
    batch_axis = "batch"

    @classmethod
    def fit_local(cls, torques, accels):
        return (torques * accels).sum(axis=0) / ((accels * accels).sum(axis=0) + 1e-6)

    @classmethod
    def consensus(cls, theta):
        everyone = jax.lax.all_gather(theta, cls.member_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.pmean(everyone.sum(axis=0, keepdims=True), cls.member_axis)

    @classmethod
    def step(cls, torques, accels):
        theta = cls.fit_local(torques, accels)[None]
        return cls.consensus(theta)


def inputs():
    rng = np.random.default_rng(14)
    accels = rng.normal(size=(64, 8)).astype(np.float32)
    return (2.5 * accels + 0.01 * rng.normal(size=(64, 8)).astype(np.float32), accels)


def main(torques, accels):
    mesh = jax.make_mesh((2, 4), (SysIdTrainer.member_axis, SysIdTrainer.batch_axis))
    spec = P(SysIdTrainer.batch_axis, SysIdTrainer.member_axis)
    torques, accels = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (torques, accels))
    return jax.shard_map(SysIdTrainer.step, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(SysIdTrainer.batch_axis, None))(torques, accels)


if __name__ == "__main__":
    main(*inputs())
