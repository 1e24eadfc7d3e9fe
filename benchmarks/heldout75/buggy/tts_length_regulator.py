"""Length regulator: predicted durations are gathered in two hops before expansion."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "length_regulator": {"_target_": "LengthRegulator", "hops": [["channel"], ["data", "channel"]]},
    "mesh": {"shape": (2, 4), "axes": ("data", "channel")},
}

REGISTRY = {}


def register(cls):
    REGISTRY[cls.__name__] = cls
    return cls


def instantiate(cfg, **extra):
    kwargs = {k: v for k, v in cfg.items() if k != "_target_"}
    return REGISTRY[cfg["_target_"]](**kwargs, **extra)


@register
class LengthRegulator:
    def __init__(self, hops):
        self.hops = [tuple(h) if len(h) > 1 else h[0] for h in hops]

    def hop(self, durations, axes, dim):
        return jax.lax.all_gather(durations, axes, axis=dim, tiled=True, to="reduced")

    def __call__(self, log_durations):
        durations = jnp.exp(log_durations)
        for dim, axes in zip((1, 0), self.hops):
            durations = self.hop(jnp.abs(durations), axes, dim)
        return durations


def inputs():
    rng = np.random.default_rng(61)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(log_durations):
    mesh = jax.make_mesh(MODEL_CFG["mesh"]["shape"], MODEL_CFG["mesh"]["axes"])
    log_durations = jax.device_put(log_durations, NamedSharding(mesh, P("data", "channel")))
    regulator = instantiate(MODEL_CFG["length_regulator"])
    return jax.shard_map(regulator, mesh=mesh, in_specs=P("data", "channel"),
                         out_specs=P(None, None, reduced={"data", "channel"}))(log_durations)


if __name__ == "__main__":
    print(main(*inputs()))
