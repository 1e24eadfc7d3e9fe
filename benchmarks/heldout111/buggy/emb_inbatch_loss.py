"""Embeddings: in-batch negative loss monitor for the two-tower model (flowlite DAG).

Queries are sharded over `batch`, the tower width over `hidden`. The loss task computes each
shard's loss from hidden-sharded partial dot products and averages it over the mesh.
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


MESH_AXES = ("batch", "hidden")


def towers(**context):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    n = context["params"]["batch_size"]
    q = jnp.sin(jnp.arange(n * 8, dtype=jnp.float32).reshape(n, 8))
    d = jnp.cos(jnp.arange(n * 8, dtype=jnp.float32).reshape(n, 8))
    sh = NamedSharding(mesh, P(*MESH_AXES))
    return mesh, jax.device_put(q, sh), jax.device_put(d, sh)


def in_batch_loss(**context):
    mesh, q, d = context["ti"].xcom_pull("towers")

    def loss_fn(qb, db):
        pos = jax.lax.psum(jnp.sum(qb * db, axis=-1), "hidden")
        d_all = jax.lax.all_gather(db, "batch", axis=0, tiled=True)
        logits = jax.lax.psum(qb @ d_all.T, "hidden")
        lse = jax.nn.logsumexp(logits, axis=-1)
        shard_loss = jnp.mean(lse - pos)
        return jax.lax.pmean(shard_loss, MESH_AXES)

    return jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(*MESH_AXES), P(*MESH_AXES)),
                         out_specs=P())(q, d)


def alert(threshold, **context):
    loss = context["ti"].xcom_pull("in_batch_loss")
    return bool(loss > threshold)


with DAG("two_tower_loss_monitor", schedule="@hourly", start_date=datetime(2026, 11, 1),
         params={"batch_size": 16, "threshold": 5.0}) as dag:
    t0 = PythonOperator(task_id="towers", python_callable=towers)
    t1 = PythonOperator(task_id="in_batch_loss", python_callable=in_batch_loss)
    t2 = PythonOperator(task_id="alert", python_callable=alert,
                        op_kwargs={"threshold": "{{ params.threshold }}"})
    t0 >> t1 >> t2


def inputs():
    return ({"batch_size": 24},)


def main(conf):
    return dag.test(conf=conf)["in_batch_loss"]["return_value"]


if __name__ == "__main__":
    main(*inputs())
