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


class MSAColumnGlobalAttention:
    """Global attention over the MSA column: one averaged query per residue."""

    def __init__(self, config, global_config):
        self.config = config
        self.global_config = global_config

    def __call__(self, msa_act):
        gc = self.global_config
        depth = jax.lax.psum(jnp.float32(msa_act.shape[0]), gc.data_axis)
        q_avg = jax.lax.psum(msa_act.sum(axis=0, keepdims=True), gc.data_axis) / depth
        q_avg = jax.lax.pcast(q_avg * self.config.num_head, gc.data_axis, to="varying")
        return jax.lax.all_gather(q_avg, gc.data_axis, axis=0, tiled=True, to=self.config.gather)


def main(msa):
    config = model_config("model_2")
    gc = config.model.global_config
    mesh = make_mesh(gc)
    module = MSAColumnGlobalAttention(
        config.model.embeddings_and_evoformer.evoformer.msa_column_global_attention, gc)
    msa = jax.device_put(msa, NamedSharding(mesh, P(gc.data_axis, gc.model_axis)))
    fn = jax.shard_map(module, mesh=mesh, in_specs=P(gc.data_axis, gc.model_axis),
                       out_specs=P(None, gc.model_axis, reduced={gc.data_axis}))
    return jax.jit(fn)(msa)


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
