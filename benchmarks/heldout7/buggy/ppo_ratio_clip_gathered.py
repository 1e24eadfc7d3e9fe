"""PPO policy loss: log-prob ratios gathered over the action shards, then clipped."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EPS_CLIP = 0.2
HYPER = {"clip": EPS_CLIP, "axes": {"env": "env", "action": "action"}}


def gather_actions(x, hyper):
    return jax.lax.all_gather(x, hyper["axes"]["action"], axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(37)
    return rng.normal(size=(16, 8)).astype(np.float32) * 0.1, rng.normal(size=(16, 8)).astype(np.float32) * 0.1


def main(logp, old_logp):
    mesh = jax.make_mesh((2, 4), tuple(HYPER["axes"].values()))
    spec = P("env", "action")
    logp, old_logp = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (logp, old_logp))

    def policy_ratio(logp, old_logp):
        ratio = gather_actions(jnp.exp(logp - old_logp), HYPER)
        clipped = jnp.clip(ratio, 1 - HYPER["clip"], 1 + HYPER["clip"])
        return clipped

    return jax.shard_map(policy_ratio, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("env", None, reduced={"action"}))(logp, old_logp)


if __name__ == "__main__":
    print(main(*inputs()))
