"""FastSpeech2-style variance adaptor: pitch statistics are collected for normalisation."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODEL_CFG = {
    "variance_adaptor": {"_target_": "PitchPredictor", "n_bins": 16, "stats_axis": "data"},
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
class PitchPredictor:
    def __init__(self, n_bins, stats_axis, mesh):
        self.n_bins = n_bins
        self.stats_axis = stats_axis
        self.data_axis = mesh.axis_names[0]

    def utterance_mean(self, pitch):
        return jax.lax.pmean(pitch.mean(axis=0, keepdims=True), self.data_axis)

    def stats_table(self, mean):
        return jax.lax.all_gather(mean, self.stats_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, pitch):
        mean = self.utterance_mean(pitch)
        table = self.stats_table(jax.lax.pcast(mean, self.data_axis, to="varying"))
        return pitch - mean, table


def inputs():
    rng = np.random.default_rng(60)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(pitch):
    mesh = jax.make_mesh(MODEL_CFG["mesh"]["shape"], MODEL_CFG["mesh"]["axes"])
    pitch = jax.device_put(pitch, NamedSharding(mesh, P("data", "channel")))
    predictor = instantiate(MODEL_CFG["variance_adaptor"], mesh=mesh)
    return jax.shard_map(predictor, mesh=mesh, in_specs=P("data", "channel"),
                         out_specs=(P("data", "channel"), P(None, "channel", reduced={"data"})))(pitch)


if __name__ == "__main__":
    print(main(*inputs()))
