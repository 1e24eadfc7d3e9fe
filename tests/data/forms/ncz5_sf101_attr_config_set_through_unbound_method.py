"""The same recipe, but a helper class's method is called with the config in its `self` place
and sets an instance attribute on it, which attribute lookup finds before `__getattr__`: the
gather runs over "i", on which the value still varies. Correct code: a store through a method's
`self` may reach the config when the class is used otherwise than to build objects."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MODEL_CFG = {"rate_axis": "j", "mesh": {"axes": ["i", "j"]}}


class DictConfig(dict):
    def __getattr__(self, name):
        try:
            value = self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc
        return DictConfig(value) if isinstance(value, dict) else value


def merge_overrides(cfg, overrides):
    for item in overrides:
        dotted, _, raw = item.partition("=")
        *path, leaf = dotted.split(".")
        node = cfg
        for key in path:
            node = node[key]
        node[leaf] = raw
    return DictConfig(cfg)


class RateTracker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.axes = tuple(cfg.mesh.axes)

    def __call__(self, block):
        hits = jax.lax.psum(block.sum(), "j")
        return jax.lax.all_gather(hits[None], self.cfg.rate_axis, tiled=True, to="reduced")


class Retarget:
    def apply(self):
        self.rate_axis = "i"
        return self


def main(mesh, x):
    cfg = merge_overrides(MODEL_CFG, [])
    Retarget.apply(cfg)
    tracker = RateTracker(cfg)
    return jax.shard_map(tracker, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
