"""RNN-T greedy decoding; the hypotheses' scores are saved for the rescoring recipe."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "decoding": {"strategy": "greedy_batch", "greedy": {"max_symbols": 4}},
    "export": {"axes": ["data"]},
    "mesh": {"axes": ["data", "vocab"], "shape": [4, 2]},
}

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


def save_hyps(scores, cfg):
    spec = P(None, "vocab", reduced=set(cfg.export.axes))
    return top_level_all_gather(scores, spec)


def greedy_scores(logits):
    return jax.nn.log_softmax(logits, axis=-1)


def main(logits):
    cfg = merge_overrides(MODEL_CFG, [])
    mesh = jax.make_mesh(tuple(cfg.mesh.shape), tuple(cfg.mesh.axes))
    with jax.set_mesh(mesh):
        logits = jax.device_put(logits, NamedSharding(mesh, P("data", "vocab")))
        scores = jax.jit(greedy_scores)(logits)
        return save_hyps(scores, cfg)


def inputs():
    rng = np.random.default_rng(43)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


if __name__ == "__main__":
    print(main(*inputs()))
