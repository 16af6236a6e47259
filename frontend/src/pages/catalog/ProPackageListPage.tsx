import { useProductPackages, type ProductPackage } from "../../api/catalog";
import { mountIsland } from "../../islands/mount";
import { PackageList } from "./PackageList";

const PRODUCT_PACKAGE_DETAIL_ROUTE = "/proPackageDetail";

/** /proPackageList (CPGL-PAG-0001): product packages with their lines. */
export function ProPackageListPage() {
  return (
    <PackageList<ProductPackage>
      texts="productPackages"
      itemType="productPackage"
      useRows={useProductPackages}
      detailRoute={PRODUCT_PACKAGE_DETAIL_ROUTE}
      contents={(row) => row.lines.map((line) => `${line.productName} × ${line.quantity}`).join("; ")}
    />
  );
}

mountIsland(<ProPackageListPage />);
