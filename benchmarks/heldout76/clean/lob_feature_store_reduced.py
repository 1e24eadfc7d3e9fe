"""Write the end-of-day book features to the feature store (lob-features)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PIPELINE = {
    "mesh": {"sym": 4, "tick": 2},
    "compute_layout": {"spec": ["sym", "tick"], "reduced": []},
    "store_layout": {"spec": ["sym", None], "reduced": ["tick"]},
}


def layout(entry):
    return P(*entry["spec"], reduced=set(entry["reduced"]))


def spread_bps(bid_px, ask_px):
    mid = 0.5 * (bid_px + ask_px)
    return 1e4 * (ask_px - bid_px) / mid


def to_store(feat):
    return top_level_all_gather(feat, layout(PIPELINE["store_layout"]))


def inputs():
    rng = np.random.default_rng(104)
    mid = 50 + rng.random((8, 16)).astype(np.float32)
    half = 0.005 + 0.01 * rng.random((8, 16)).astype(np.float32)
    return mid - half, mid + half


def main(bid_px, ask_px):
    spec = PIPELINE["mesh"]
    mesh = jax.make_mesh(tuple(spec.values()), tuple(spec))
    compute = NamedSharding(mesh, layout(PIPELINE["compute_layout"]))
    with jax.set_mesh(mesh):
        bid_px, ask_px = jax.device_put(bid_px, compute), jax.device_put(ask_px, compute)
        feat = spread_bps(bid_px, ask_px)
        stored = to_store(feat)
    print("stored", stored.shape)
    return stored


if __name__ == "__main__":
    main(*inputs())
