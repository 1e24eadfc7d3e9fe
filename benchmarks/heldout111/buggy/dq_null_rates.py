"""Data quality: daily null-rate check of the orders table (taskflow-style DAG).

Row partitions of the table are sharded over `part`, columns over `col`. `null_rates` computes
the per-column null rate; `partition_report` keeps one row per partition for the DQ dashboard.
"""
import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- taskflow-style decorators (pasted from `flowlite.taskflow`; runs a DAG in-process) ----
class XComArg:
    def __init__(self, call):
        self.call = call

    def __getitem__(self, key):  # like XComArg["key"] on a multiple_outputs task
        return XComArg(("getitem", self, key))


class _DagRun:
    current = None

    def __init__(self, params):
        self.params, self.calls = params, []


def task(fn=None, *, task_id=None, multiple_outputs=False):
    def wrap(f):
        @functools.wraps(f)
        def call(*args, **kwargs):
            run = _DagRun.current
            node = ("task", task_id or f.__name__, f, args, kwargs)
            run.calls.append(node)
            return XComArg(node)
        call.function = f
        return call
    return wrap(fn) if fn is not None else wrap


def dag(dag_id=None, params=None, schedule=None, catchup=False):
    def wrap(build):
        def run(conf=None, logical_date="2026-12-01"):
            merged = {**(params or {}), **(conf or {})}
            _DagRun.current = dr = _DagRun(merged)
            build()
            _DagRun.current = None
            xcom = {}

            def resolve(v):
                if isinstance(v, XComArg):
                    if v.call[0] == "getitem":
                        return resolve(v.call[1])[v.call[2]]
                    return xcom[id(v.call)]
                if isinstance(v, str) and v.startswith("{{") and v.endswith("}}"):
                    name = v[2:-2].strip()
                    return merged[name[len("params."):]] if name.startswith("params.") else logical_date
                return v

            for node in dr.calls:
                _, tid, f, args, kwargs = node
                xcom[id(node)] = f(*[resolve(a) for a in args], **{k: resolve(v) for k, v in kwargs.items()})
                xcom[tid] = xcom[id(node)]
            return xcom
        run.dag_id = dag_id or build.__name__
        return run
    return wrap
# ---- end taskflow ----


def _mesh(axes):
    return jax.make_mesh((4, 2), tuple(axes))


@task(multiple_outputs=True)
def extract(axes, n_rows):
    mesh = _mesh(axes)
    vals = jnp.arange(n_rows * 6, dtype=jnp.float32).reshape(n_rows, 6)
    vals = jnp.where(vals % 7 == 0, jnp.nan, vals)
    return {"mesh": mesh, "orders": jax.device_put(vals, NamedSharding(mesh, P(*axes)))}


def worst_partition_rate(block, part_axis, n_total):
    nulls = jnp.isnan(block).sum(axis=0).astype(jnp.float32)
    rate = jax.lax.psum(nulls, part_axis) / n_total
    worst = jax.lax.pmax(nulls / block.shape[0], part_axis)
    return rate, jax.lax.all_gather(worst, part_axis, axis=0, to="reduced")


@task
def partition_report(mesh, orders, part_axis):
    col_axis = [a for a in mesh.axis_names if a != part_axis][0]
    fn = jax.shard_map(functools.partial(worst_partition_rate, part_axis=part_axis, n_total=orders.shape[0]),
                       mesh=mesh, in_specs=P(part_axis, col_axis),
                       out_specs=(P(col_axis), P(None, col_axis, reduced={part_axis})))
    return fn(orders)


@task
def publish(report, max_rate):
    rate, _ = report
    return {"failed_columns": int(jnp.sum(rate > max_rate))}


@dag(dag_id="orders_null_rate", params={"axes": ["part", "col"], "n_rows": 32, "max_rate": 0.1},
     schedule="@daily")
def orders_null_rate():
    ex = extract("{{ params.axes }}", "{{ params.n_rows }}")
    rep = partition_report(ex["mesh"], ex["orders"], "part")
    publish(rep, "{{ params.max_rate }}")


def inputs():
    return ({"n_rows": 40},)


def main(conf):
    return orders_null_rate(conf)["publish"]


if __name__ == "__main__":
    main(*inputs())
