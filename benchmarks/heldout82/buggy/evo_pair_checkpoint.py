import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


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
    "data": {"num_res": 16, "msa_depth": 8},
    "model": {
        "global_config": {
            "data_axis": "dp",
            "model_axis": "mp",
            "mesh_shape": (2, 4),
            "zero_init": True,
        },
        "embeddings_and_evoformer": {
            "evoformer_num_block": 2,
            "evoformer": {
                "msa_row_attention_with_pair_bias": {
                    "num_head": 4,
                    "key_dim": 16,
                    "gating": True,
                },
                "msa_column_global_attention": {"num_head": 1, "gather": "reduced"},
                "triangle_multiplication_outgoing": {
                    "num_intermediate_channel": 16,
                    "shard_over": ("model_axis",),
                    "full_over": ("data_axis", "model_axis"),
                },
                "outer_product_mean": {"chunk_size": 4, "sync": ("data_axis",)},
            },
        },
    },
})

CONFIG_DIFFS = {
    "model_1": {
        "model.embeddings_and_evoformer.evoformer.outer_product_mean.sync": ("data_axis", "model_axis"),
    },
    "model_2": {},
}


def model_config(name):
    cfg = ConfigDict(CONFIG.to_dict())
    cfg.update_from_flattened_dict(CONFIG_DIFFS[name])
    return FrozenConfigDict(cfg)


def make_mesh(global_config):
    return jax.make_mesh(global_config.mesh_shape, (global_config.data_axis, global_config.model_axis))


EXPORT = ConfigDict({
    "pair_representation": {"layout": ("rows", None), "serve": ("model_axis", None)},
})


def spec_for(global_config, layout):
    named = {"rows": (global_config.data_axis, global_config.model_axis)}
    return P(*(named.get(e, global_config.get(e, e)) if e else None for e in layout))


class PairStack:
    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config

    def __call__(self, pair_act):
        for _ in range(self.config.evoformer_num_block):
            pair_act = pair_act + 0.5 * jnp.tanh(pair_act)
        return pair_act


def export_pair(pair_act, global_config):
    layout = EXPORT.pair_representation
    serve = spec_for(global_config, layout.serve)
    return top_level_all_gather(pair_act, serve)


def main(pair):
    config = model_config("model_2")
    gc = config.model.global_config
    mesh = make_mesh(gc)
    stack = PairStack(config.model.embeddings_and_evoformer, gc)
    sharding = NamedSharding(mesh, spec_for(gc, EXPORT.pair_representation.layout))
    pair = jax.device_put(pair, sharding)
    with jax.set_mesh(mesh):
        pair = jax.jit(stack, out_shardings=sharding)(pair)
        return export_pair(pair, gc)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
