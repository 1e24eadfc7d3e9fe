"""RNN-T prediction network: the label embedding table is rebuilt from its vocabulary shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "decoder": {"prednet": {"pred_hidden": 16, "pred_rnn_layers": 1}, "shard_axis": "vocab",
                "table_axes": "vocab"},
    "mesh": {"axes": ["data", "vocab"], "shape": [4, 2]},
}

OVERRIDES = ["decoder.table_axes=data"]

class DictConfig(dict):
    """Attribute access over nested dicts, the way the recipes read their configs."""

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
        node[leaf] = raw.split(",") if "," in raw else raw
    return DictConfig(cfg)


class PredictionNetwork:
    def __init__(self, decoder_cfg):
        self.shard_axis = decoder_cfg.shard_axis
        axes = decoder_cfg.table_axes
        self.table_axes = tuple(axes) if isinstance(axes, list) else axes

    def gather(self, table, axes, dim):
        return jax.lax.all_gather(table, axes, axis=dim, tiled=True, to="reduced")

    def embedding_table(self, shard):
        rows = self.gather(shard, self.shard_axis, 1)
        return self.gather(jnp.tanh(rows), self.table_axes, 0)

    def __call__(self, shard):
        return self.embedding_table(shard)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(table):
    cfg = merge_overrides(MODEL_CFG, OVERRIDES)
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    table = jax.device_put(table, NamedSharding(mesh, P("data", "vocab")))
    net = PredictionNetwork(cfg.decoder)
    return jax.shard_map(net, mesh=mesh, in_specs=P("data", "vocab"),
                         out_specs=P(None, None, reduced={"data", "vocab"}))(table)


if __name__ == "__main__":
    print(main(*inputs()))
