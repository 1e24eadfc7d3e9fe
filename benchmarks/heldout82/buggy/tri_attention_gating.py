import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """Nested dict with attribute access, after ml_collections.ConfigDict."""

    def __init__(self, initial=None, frozen=False):
        super().__init__()
        object.__setattr__(self, "_frozen", frozen)
        for key, value in (initial or {}).items():
            if isinstance(value, dict):
                value = ConfigDict(value, frozen)
            dict.__setitem__(self, key, value)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    def __setattr__(self, name, value):
        if self._frozen:
            raise AttributeError(f"config is frozen: {name}")
        self[name] = value

    def to_dict(self):
        return {k: v.to_dict() if isinstance(v, ConfigDict) else v for k, v in self.items()}

    def update_from_flattened_dict(self, flat):
        for path, value in flat.items():
            node = self
            *parents, leaf = path.split(".")
            for part in parents:
                node = node[part]
            node[leaf] = value


def FrozenConfigDict(cfg):
    return ConfigDict(cfg.to_dict(), frozen=True)


CONFIG = ConfigDict({
    "model": {
        "global_config": {
            "shard_axes": {"rows": "row", "cols": "col"},
            "mesh_shape": (2, 4),
        },
        "template": {
            "embed_torsion_angles": False,
            "export_layout": ("cols", None),
            "template_pair_stack": {
                "num_block": 2,
                "blocks": ["triangle_attention_starting_node", "pair_transition"],
                "triangle_attention_starting_node": {
                    "orientation": "per_row", "num_head": 4, "gating_fn": "sigmoid", "gating_bias": 1.0,
                },
                "triangle_attention_ending_node": {
                    "orientation": "per_column", "num_head": 4, "gating_fn": "sigmoid", "gating_bias": 1.0,
                },
                "pair_transition": {"num_intermediate_factor": 2, "orientation": "both"},
            },
        },
    },
})


def model_config():
    return FrozenConfigDict(CONFIG)


def axis_for(global_config, orientation):
    axes = global_config.shard_axes
    if orientation == "both":
        return tuple(axes.values())
    return axes["cols"] if orientation == "per_column" else axes["rows"]


def make_mesh(global_config):
    return jax.make_mesh(global_config.mesh_shape, tuple(global_config.shard_axes.values()))


class TriangleAttention:
    def __init__(self, config, global_config):
        self.config = config
        self.axis = axis_for(global_config, config.orientation)
        self.gating_fn = getattr(jax.nn, config.gating_fn)

    def values(self, pair_act):
        return jax.lax.all_gather(pair_act, self.axis, axis=0, tiled=True, to="reduced")

    def __call__(self, pair_act):
        values = self.values(pair_act)
        gate = self.gating_fn(values + self.config.gating_bias)
        return gate


def main(pair):
    config = model_config()
    gc = config.model.global_config
    stack = config.model.template.template_pair_stack
    row, col = gc.shard_axes.rows, gc.shard_axes.cols
    mesh = make_mesh(gc)
    module = TriangleAttention(stack.triangle_attention_starting_node, gc)
    pair = jax.device_put(pair, NamedSharding(mesh, P(row, col)))
    fn = jax.shard_map(module, mesh=mesh, in_specs=P(row, col), out_specs=P(None, col, reduced={row}))
    return jax.jit(fn)(pair)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 8)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
