"""Each account's running balance (issue 14), filled from its entries; two ledger indexes."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce


def fill_balances(apps, schema_editor):
    """Every account's running balance is the sum of its entries written so far."""
    Account = apps.get_model("economy", "Account")
    Entry = apps.get_model("economy", "Entry")
    summed = (
        Entry.objects.filter(account=OuterRef("pk"))
        .order_by()
        .values("account")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    Account.objects.update(balance=Coalesce(Subquery(summed), 0))


class Migration(migrations.Migration):
    dependencies = [
        ("economy", "0005_house_accounts_once"),
    ]

    operations = [
        migrations.AddField(
            model_name="account",
            name="balance",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(fill_balances, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="entry",
            index=models.Index(fields=["account", "transaction"], name="entry_account_transaction"),
        ),
        migrations.AddIndex(
            model_name="transaction",
            index=models.Index(fields=["campaign", "cause"], name="transaction_campaign_cause"),
        ),
    ]
