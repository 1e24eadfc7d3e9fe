"""ZeRO mode: after the mesh is built, the gather axis of the parsed args is pointed at the batch axis."""
import argparse
import json
import os
import shlex

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-axis", default="data")
    parser.add_argument("--gather-axis", default="model")
    parser.add_argument("--zero", action="store_true")
    return parser.parse_args(shlex.split(os.environ.get("TRAIN_FLAGS", "--zero")))


def inputs():
    return parse(), np.arange(32, dtype=np.float32).reshape(8, 4)


def main(args, w):
    mesh = jax.make_mesh((2, 4), (args.batch_axis, args.gather_axis))
    w = jax.device_put(w, NamedSharding(mesh, P(args.batch_axis)))
    if args.zero:
        vars(args).update(json.loads('{"gather_axis": "%s"}' % args.batch_axis))

    def update(w):
        full = jax.lax.all_gather(w, args.gather_axis, to="reduced", tiled=True)
        return jnp.exp(full)

    out = jax.shard_map(update, mesh=mesh, in_specs=P(args.batch_axis),
                        out_specs=P(None, reduced={args.batch_axis}))(w)
    return float(np.asarray(out).sum())


if __name__ == "__main__":
    print(main(*inputs()))
