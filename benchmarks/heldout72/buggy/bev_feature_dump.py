"""tools/dump_bev_features.py: gather BEV maps to the host for visualisation."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

dist_params = dict(mesh_shape=(2, 4), mesh_axes=("batch", "bev"))
data_layout = dict(bev_feats=("batch", "bev", None))
dump_cfg = dict(layout=("bev", None, None), gathered=("batch",))


def parse_args(argv):
    parser = argparse.ArgumentParser(description="dump BEV features")
    parser.add_argument("--out-dir", default="work_dirs/bev_dump")
    parser.add_argument("--max-frames", type=int, default=4)
    return parser.parse_args(argv)


def dump_layout(cfg):
    return P(*cfg["layout"], reduced=set(cfg["gathered"]))


def single_gpu_dump(bev_feats, cfg):
    host_view = top_level_all_gather(bev_feats, dump_layout(cfg))
    return jax.reshard(host_view, P(None, None, None))


def inputs():
    return (np.random.default_rng(3).normal(size=(4, 16, 8)).astype(np.float32),)


def main(bev_feats, argv=()):
    args = parse_args(list(argv))
    mesh = jax.make_mesh(dist_params["mesh_shape"], dist_params["mesh_axes"])
    bev_feats = jax.device_put(bev_feats[: args.max_frames],
                               NamedSharding(mesh, P(*data_layout["bev_feats"])))
    with jax.set_mesh(mesh):
        return single_gpu_dump(bev_feats, dump_cfg)


if __name__ == "__main__":
    main(*inputs())
