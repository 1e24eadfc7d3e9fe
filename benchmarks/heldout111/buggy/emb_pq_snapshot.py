"""Embeddings: product-quantisation codebook snapshot (flowlite DAG, airflow style).

Sub-vectors are sharded over `batch` (items) and `hidden` (sub-spaces). The snapshot task first
assembles each item's full vector, then the whole table, both as reduced gathers so that the
downstream trainer's gradient stays local.
"""
import string
from collections import defaultdict
from datetime import datetime

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---- tiny airflow stand-in (pasted from the team's `flowlite`; enough to run DAGs locally) ----
class DAG:
    _current = None

    def __init__(self, dag_id, schedule=None, start_date=None, params=None, default_args=None, tags=()):
        self.dag_id, self.schedule, self.start_date = dag_id, schedule, start_date
        self.params = dict(params or {})
        self.default_args = dict(default_args or {})
        self.tasks = {}

    def __enter__(self):
        DAG._current = self
        return self

    def __exit__(self, *exc):
        DAG._current = None

    def _toposort(self):
        indeg = {t: len(task.upstream) for t, task in self.tasks.items()}
        ready = [t for t, n in indeg.items() if n == 0]
        order = []
        while ready:
            t = ready.pop(0)
            order.append(t)
            for d in self.tasks[t].downstream:
                indeg[d] -= 1
                if indeg[d] == 0:
                    ready.append(d)
        return order

    def test(self, logical_date=None, conf=None):
        """Run every task in dependency order in this process (like `airflow dags test`)."""
        xcom = defaultdict(dict)
        params = {**self.params, **(conf or {})}
        ds = (logical_date or datetime(2026, 12, 1)).strftime("%Y-%m-%d")
        for task_id in self._toposort():
            task = self.tasks[task_id]
            ti = TaskInstance(task_id, xcom)
            ctx = {"ti": ti, "params": params, "ds": ds, "dag": self, "task": task}
            ret = task.execute(ctx)
            if ret is not None:
                ti.xcom_push("return_value", ret)
        return xcom


class TaskInstance:
    def __init__(self, task_id, store):
        self.task_id, self._store = task_id, store

    def xcom_push(self, key, value):
        self._store[self.task_id][key] = value

    def xcom_pull(self, task_ids, key="return_value"):
        if isinstance(task_ids, (list, tuple)):
            return [self._store[t].get(key) for t in task_ids]
        return self._store[task_ids].get(key)


class BaseOperator:
    def __init__(self, task_id, dag=None, **kwargs):
        self.task_id = task_id
        self.dag = dag or DAG._current
        self.upstream, self.downstream = set(), set()
        self.dag.tasks[task_id] = self

    def __rshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            self.downstream.add(o.task_id)
            o.upstream.add(self.task_id)
        return other

    def __lshift__(self, other):
        for o in (other if isinstance(other, (list, tuple)) else [other]):
            o >> self
        return other

    def __rrshift__(self, other):
        for o in other:
            o >> self
        return self


class PythonOperator(BaseOperator):
    def __init__(self, task_id, python_callable, op_kwargs=None, templates_dict=None, **kwargs):
        super().__init__(task_id, **kwargs)
        self.python_callable = python_callable
        self.op_kwargs = dict(op_kwargs or {})
        self.templates_dict = dict(templates_dict or {})

    def render(self, value, ctx):
        if isinstance(value, str) and "{{" in value:
            inner = value.replace("{{", "").replace("}}", "").strip()
            if inner.startswith("params."):
                return ctx["params"][inner[len("params."):]]
            return ctx[inner]
        return value

    def execute(self, ctx):
        kwargs = {k: self.render(v, ctx) for k, v in self.op_kwargs.items()}
        ctx = {**ctx, "templates_dict": {k: self.render(v, ctx) for k, v in self.templates_dict.items()}}
        return self.python_callable(**kwargs, **ctx)
# ---- end flowlite ----


class PQSnapshot:
    def __init__(self, mesh, item_axis="batch", space_axis="hidden"):
        self.mesh, self.item_axis, self.space_axis = mesh, item_axis, space_axis

    def full_vectors(self, block):
        return jax.lax.all_gather(block, self.space_axis, axis=1, tiled=True, to="reduced")

    def table(self, vectors):
        return jax.lax.all_gather(vectors, (self.item_axis, self.space_axis), axis=0,
                                  tiled=True, to="reduced")

    def __call__(self, codes):
        def body(block):
            vecs = self.full_vectors(block)
            return self.table(vecs)
        return jax.shard_map(body, mesh=self.mesh, in_specs=P(self.item_axis, self.space_axis),
                             out_specs=P(None, None, reduced={self.item_axis, self.space_axis}))(codes)


def make_codes(**context):
    mesh = jax.make_mesh((4, 2), ("batch", "hidden"))
    codes = jnp.arange(32 * 4, dtype=jnp.float32).reshape(32, 4) % 17
    return mesh, jax.device_put(codes, NamedSharding(mesh, P("batch", "hidden")))


def snapshot(**context):
    mesh, codes = context["ti"].xcom_pull("make_codes")
    return PQSnapshot(mesh)(codes)


with DAG("pq_codebook_snapshot", start_date=datetime(2026, 11, 1)) as dag:
    PythonOperator(task_id="make_codes", python_callable=make_codes) >> \
        PythonOperator(task_id="snapshot", python_callable=snapshot)


def inputs():
    return (None,)


def main(conf):
    return dag.test(conf=conf)["snapshot"]["return_value"]


if __name__ == "__main__":
    main(*inputs())
