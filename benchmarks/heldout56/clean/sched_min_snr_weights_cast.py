"""Min-SNR-gamma loss weights, normalised over the whole batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHTING = {
    "gamma": 5.0,
    "local_axis": "model",
    "normalise_over": ["data", "model"],
    "reduce": jax.lax.pmean,
}


def min_snr_weight(snr, gamma):
    return jnp.minimum(snr, gamma) / snr


def normalise(w, cfg):
    w = jax.lax.pcast(w, cfg["local_axis"], to="varying")
    return cfg["reduce"](w, tuple(cfg["normalise_over"]))


def weights_body(snr, cfg=WEIGHTING):
    w = min_snr_weight(snr, cfg["gamma"])
    per_sample = jax.lax.psum(w.sum(axis=-1), cfg["local_axis"])
    mean = normalise(per_sample, cfg)
    return per_sample / mean


def inputs():
    rng = np.random.default_rng(1)
    return (rng.uniform(0.1, 20.0, size=(8, 16)).astype(np.float32),)


def main(snr):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    snr = jax.device_put(snr, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(weights_body, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data"))(snr)
    print(out)
    return out


if __name__ == "__main__":
    main(*inputs())
