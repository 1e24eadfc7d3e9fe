"""Adaptive KL controller: per-token KL to the reference policy gathered for the controller."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))


class AdaptiveKLController:
    def __init__(self, target=6.0, horizon=10000, axes=("rollout", "seq")):
        self.target = target
        self.horizon = horizon
        self.axes = axes

    def token_kl(self, logp, ref_logp):
        return logp - ref_logp

    def observe(self, logp, ref_logp):
        kl = self.token_kl(logp, ref_logp)
        rows = jax.lax.all_gather(kl, self.axes[-1], axis=1, tiled=True, to="reduced")
        return self._share(rows)

    def _share(self, rows):
        return jax.lax.all_gather(rows, self.axes[::-1], axis=0, tiled=True, to="reduced")


def inputs():
    k1, k2 = jax.random.split(jax.random.key(15))
    sh = NamedSharding(MESH, P("rollout", "seq"))
    return (jax.device_put(-jax.random.uniform(k1, (8, 8)), sh),
            jax.device_put(-jax.random.uniform(k2, (8, 8)), sh))


def main(logp, ref_logp):
    ctl = AdaptiveKLController()
    return jax.shard_map(ctl.observe, mesh=MESH, in_specs=(P("rollout", "seq"),) * 2,
                         out_specs=P(None, None, reduced={"rollout", "seq"}))(logp, ref_logp)
