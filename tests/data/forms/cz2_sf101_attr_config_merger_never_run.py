"""A recipe's config read by attribute through a dict subclass whose `__getattr__` turns a
missing key's KeyError into AttributeError and wraps nested dicts; the override merger is only
ever handed `[]`, and the callable module stores its own fields. The gather runs over "j", on
which the summed value is already invariant."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MODEL_CFG = {"log": {"rate_axis": "j"}, "mesh": {"axes": ["i", "j"]}}


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
        hits = jax.lax.psum(block.sum(), self.axes)
        return jax.lax.all_gather(hits[None], self.cfg.log.rate_axis, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    cfg = merge_overrides(MODEL_CFG, [])
    tracker = RateTracker(cfg)
    return jax.shard_map(tracker, mesh=mesh, in_specs=P("i", "j"), out_specs=P(reduced={"j"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
