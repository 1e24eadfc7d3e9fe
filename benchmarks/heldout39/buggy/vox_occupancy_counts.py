import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCERS = {}


def reducer(name):
    def register(fn):
        REDUCERS[name] = fn
        return fn
    return register


@reducer("occupancy")
def occupancy(cells, args):
    counts = jax.nn.one_hot(cells, args.voxels_per_shard).sum(axis=1)
    per_scene = jax.lax.psum(counts.sum(axis=-1, keepdims=True), args.grid_axis)
    return jax.lax.all_gather(per_scene, args.grid_axis, axis=1, tiled=True, to="reduced")


def parse(argv=()):
    parser = argparse.ArgumentParser()
    parser.add_argument("--scene-axis", default="scene")
    parser.add_argument("--grid-axis", default="grid")
    parser.add_argument("--voxels-per-shard", type=int, default=8)
    parser.add_argument("--stat", default="occupancy")
    return parser.parse_args(list(argv))


def inputs():
    rng = np.random.default_rng(10)
    return (rng.integers(0, 8, size=(4, 32)).astype(np.int32),)


def main(cells):
    args = parse()
    mesh = jax.make_mesh((2, 4), (args.scene_axis, args.grid_axis))
    cells = jax.device_put(cells, NamedSharding(mesh, P(args.scene_axis, args.grid_axis)))
    fn = REDUCERS[args.stat]
    out = jax.shard_map(
        lambda c: fn(c, args),
        mesh=mesh,
        in_specs=P(args.scene_axis, args.grid_axis),
        out_specs=P(args.scene_axis, None, reduced={args.grid_axis}),
    )(cells)
    print(args.stat, out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
