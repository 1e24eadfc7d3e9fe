"""Exports a lead-time scorecard in the layout the report job reads."""
import argparse

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    p = argparse.ArgumentParser(description="scorecard export")
    p.add_argument("--score-layout", default="time,lat")
    p.add_argument("--report-layout", default="lat")
    p.add_argument("--leads", type=int, default=16)
    return p.parse_args(argv)


class Scorecard:
    def __init__(self, mesh, args):
        self.mesh = mesh
        self.args = args

    def place(self, scores):
        spec = P(tuple(self.args.score_layout.split(",")), None)
        return jax.device_put(scores, NamedSharding(self.mesh, spec))

    def export(self, scores):
        return top_level_all_gather(scores, P(self.args.report_layout, None, reduced={"time"}))


def inputs():
    return (np.linspace(0.0, 3.0, 16 * 6, dtype=np.float32).reshape(16, 6),)


def main(scores):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), ("time", "lat"))
    card = Scorecard(mesh, args)
    with jax.set_mesh(mesh):
        return card.export(card.place(scores))


if __name__ == "__main__":
    main(*inputs())
