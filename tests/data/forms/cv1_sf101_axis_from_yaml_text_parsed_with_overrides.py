"""An experiment's YAML-like text is parsed by the module's own `parse_yaml` (a stack of dicts
filled line by line), `key=value` overrides are applied in place, and the result fills frozen
dataclasses; the statistic is summed over "i" and then gathered, reduced, over the axis the
override names: "i" again, on which the sum is already invariant."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

EXPERIMENT = """
name: fraud-v1
stats:
  gather_axis: j
  scale: 2.0
"""

OVERRIDES = ["stats.gather_axis=i"]


def _scalar(text):
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_yaml(text):
    root = {}
    stack = [(-1, root)]
    for raw in text.splitlines():
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip())
        key, _, value = raw.strip().partition(":")
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if value.strip():
            parent[key] = _scalar(value.strip())
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
    return root


def apply_overrides(tree, overrides):
    for item in overrides:
        path, _, value = item.partition("=")
        *parents, leaf = path.split(".")
        node = tree
        for name in parents:
            node = node[name]
        node[leaf] = _scalar(value)
    return tree


@dataclasses.dataclass(frozen=True)
class StatsConfig:
    gather_axis: str
    scale: float


@dataclasses.dataclass(frozen=True)
class Experiment:
    name: str
    stats: StatsConfig


def load(text, overrides):
    tree = apply_overrides(parse_yaml(text), overrides)
    return Experiment(name=tree["name"], stats=StatsConfig(**tree["stats"]))


def main(mesh, x):
    cfg = load(EXPERIMENT, OVERRIDES)

    def body(block):
        total = jax.lax.psum(block, "i")
        return jax.lax.all_gather(total, cfg.stats.gather_axis, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))
